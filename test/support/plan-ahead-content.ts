/**
 * A content tree for plan-ahead tests. One landmark with three periods, the way they reach the service:
 * - closure2027: the operator announced on 2026-10-01 a closure from 2027-01-05 to 2027-03-01 (stated end);
 * - works2030: the press reported on 2026-09-01 works expected to last "until around 2030" (estimated end);
 * - opensoon26: a visitor found it open on 2026-10-20 (no end: current 60 days, until 2026-12-19).
 * A second landmark's only report expired long ago; a third has none. The request's day is 2026-11-24.
 */
export const today = '2026-11-24';
const landmark = (name: string, wikidata: string) => `---
name: "${name}"
location:
  city: Paris
  country: FR
coordinates:
  lat: 48.86
  lon: 2.35
wikidata: ${wikidata}
---
A museum used by the tests.
`;
export const planAheadContent = {
  'content/landmarks/museum-of-plans.md': landmark('Museum of Plans', 'Q1001'),
  'content/landmarks/quiet-tower.md': landmark('Quiet Tower', 'Q1002'),
  'content/landmarks/empty-hall.md': landmark('Empty Hall', 'Q1003'),
  'content/reports/museum-of-plans/closure2027.md': `---
condition: closed
summary: "Closed for the renewal of the galleries."
observedAt: 2026-10-01
from: 2027-01-05
until: 2027-03-01
source:
  kind: official
  name: "Museum of Plans"
  url: https://museum.example/notice
---
The museum announced the closure.
`,
  'content/reports/museum-of-plans/works2030.md': `---
condition: refurbishment
summary: "Works on the roof, expected to end around 2030."
observedAt: 2026-09-01
until: 2030-12-31
untilKind: estimated
source:
  kind: press
  name: "Daily Example"
  url: https://news.example/roof
---
The paper reports works until about 2030.
`,
  'content/reports/museum-of-plans/opensoon26.md': `---
condition: open
summary: "Open, nothing to report."
observedAt: 2026-10-20
source:
  kind: traveller
  name: "Ana"
---
`,
  'content/reports/quiet-tower/quietold24.md': `---
condition: scaffolding
summary: "Scaffolding on the west face."
observedAt: 2024-01-01
source:
  kind: traveller
---
`,
};

