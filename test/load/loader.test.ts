import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/load/load-content.ts';
import { formatProblem } from '../../src/load/problem.ts';
import { validLandmark, validReport, writeContentTree } from '../support/content-files.ts';
import { reportBodiesIn } from '../../src/load/report-bodies.ts';

const now = new Date('2026-11-20T12:00:00Z');

async function problemsOf(files: Record<string, string | Uint8Array>): Promise<string[]> {
  const root = await writeContentTree(files);
  const { problems } = await loadContent({ root, now });
  return problems.map(formatProblem);
}

describe('loading valid content', () => {
  it('yields typed records and no problems', async () => {
    const root = await writeContentTree({
      'content/landmarks/eiffel-tower.md': validLandmark(),
      'content/reports/eiffel-tower/k3x9m2p4qa.md': validReport(),
    });
    const { content, problems } = await loadContent({ root, now });
    expect(problems).toEqual([]);
    expect(content.landmarks[0]).toMatchObject({ slug: 'eiffel-tower', frontmatter: { name: 'Eiffel Tower', aliases: [] } });
    expect(content.reports[0]).toMatchObject({ id: 'k3x9m2p4qa', landmarkSlug: 'eiffel-tower' });
    expect(reportBodiesIn(root)({ id: 'k3x9m2p4qa', landmark: { slug: 'eiffel-tower' } })).toBe('Details.');
  });

  it('accepts a byte-order mark and Windows line ends, keeping line numbers', async () => {
    const withCrlf = `\uFEFF${validReport({ condition: 'clsoed' }).replace(/\n/g, '\r\n')}`;
    expect(
      await problemsOf({ 'content/landmarks/eiffel-tower.md': validLandmark().replace(/\n/g, '\r\n'), 'content/reports/eiffel-tower/k3x9m2p4qa.md': withCrlf }),
    ).toEqual([
      'content/reports/eiffel-tower/k3x9m2p4qa.md:2:12 condition: expected one of open, closed, partially_closed, restricted_access, refurbishment, scaffolding, view_obstructed; got "clsoed" (did you mean "closed"?)',
    ]);
  });
});

describe('web addresses', () => {
  it('publishes an address written with letters beyond ASCII as the URI the OpenAPI document promises, and an ASCII one as written', async () => {
    // As a browser's address bar shows and copies it (an IRI), and as content/ keeps it.
    const typed = 'https://www.tourismandsocietytt.com/noticias/islas-galápagos-comenzarán?q=año';
    const ascii = 'https://Example.com/Some%20Page?b=1&a=2';
    const root = await writeContentTree({
      'content/landmarks/eiffel-tower.md': validLandmark().replace('wikidata: Q243', 'wikidata: Q243\nwebsite: https://Musée.example/à-propos'),
      'content/reports/eiffel-tower/k3x9m2p4qa.md': validReport().replace('  kind: traveller\n', `  kind: press\n  url: ${typed}\nadditionalSources:\n  - name: Example\n    url: ${ascii}\n`),
    });
    const { content, problems } = await loadContent({ root, now });
    expect(problems).toEqual([]);
    const [report] = content.reports;
    expect(report!.frontmatter.source.url).toBe('https://www.tourismandsocietytt.com/noticias/islas-gal%C3%A1pagos-comenzar%C3%A1n?q=a%C3%B1o');
    expect(new URL(report!.frontmatter.source.url!).href).toBe(new URL(typed).href);
    expect(report!.frontmatter.additionalSources[0]!.url).toBe(ascii);
    expect(content.landmarks[0]!.frontmatter.website).toBe('https://xn--muse-dpa.example/%C3%A0-propos');
  });
});

describe('problems in a file are located by file, line and column', () => {
  it('reports a mistyped condition with the nearest valid value', async () => {
    const problems = await problemsOf({
      'content/landmarks/eiffel-tower.md': validLandmark(),
      'content/reports/eiffel-tower/k3x9m2p4qa.md': validReport({ condition: 'scafolding' }),
    });
    expect(problems).toEqual([expect.stringMatching(/^content\/reports\/eiffel-tower\/k3x9m2p4qa\.md:2:12 condition: expected one of .*; got "scafolding" \(did you mean "scaffolding"\?\)$/)]);
  });

  it('reports every problem of every file in one run, in file order', async () => {
    const problems = await problemsOf({
      'content/landmarks/eiffel-tower.md': validLandmark().replace('country: FR', 'country: France').replace('lat: 48.8584', 'lat: 148'),
      'content/reports/eiffel-tower/k3x9m2p4qa.md': validReport({ observedAt: '2025-02-30', summary: '""' }),
    });
    expect(problems).toEqual([
      'content/landmarks/eiffel-tower.md:5:12 location.country: expected an ISO 3166-1 alpha-2 country code in capitals, like "FR" or "GB"; got "France"',
      'content/landmarks/eiffel-tower.md:7:8 coordinates.lat: expected at most 90; got 148',
      'content/reports/eiffel-tower/k3x9m2p4qa.md:3:10 summary: expected at least 1 characters; got ""',
      'content/reports/eiffel-tower/k3x9m2p4qa.md:4:13 observedAt: expected a real date YYYY-MM-DD or a date-time YYYY-MM-DDTHH:MM:SSZ; got "2025-02-30"',
    ]);
  });

  it('names a missing required field at its parent', async () => {
    const problems = await problemsOf({ 'content/landmarks/eiffel-tower.md': validLandmark().replace('wikidata: Q243\n', '') });
    expect(problems).toEqual(['content/landmarks/eiffel-tower.md:2:1 wikidata: this field is required; got nothing']);
  });

  it('points at the line of a YAML syntax error', async () => {
    const problems = await problemsOf({ 'content/landmarks/eiffel-tower.md': validLandmark().replace('  city: Paris', '  city: Paris: Île-de-France') });
    expect(problems).toEqual([expect.stringMatching(/^content\/landmarks\/eiffel-tower\.md:4:\d+ yaml: invalid YAML: Nested mappings are not allowed/)]);
  });

  it('refuses a file without frontmatter', async () => {
    expect(await problemsOf({ 'content/landmarks/eiffel-tower.md': '# Eiffel Tower\n' })).toEqual([
      'content/landmarks/eiffel-tower.md:1:1 file: expected the file to start with a "---" line opening the YAML frontmatter; got no frontmatter (add "---" lines above and below the fields)',
    ]);
  });

  it('refuses unknown fields, YAML aliases and prototype keys without crashing', async () => {
    const problems = await problemsOf({
      'content/landmarks/eiffel-tower.md': validLandmark().replace('wikidata: Q243', 'wikidata: Q243\nwebsit: https://www.toureiffel.paris'),
      'content/landmarks/big-ben.md': `---\nname: &n Big Ben\naliases: [*n]\n__proto__: { polluted: true }\n---\n`,
    });
    expect(problems).toEqual([
      'content/landmarks/big-ben.md:3:11 yaml: expected plain values; got the alias "*n" (anchors and aliases are not allowed, write the value out)',
      'content/landmarks/big-ben.md:4:1 __proto__: field name "__proto__" is not allowed; remove it',
      'content/landmarks/eiffel-tower.md:10:1 websit: unknown field; expected one of name, aliases, location, coordinates, wikidata, website, watch, origin (did you mean "website"?)',
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('finds a prototype key or a tag alone in a file, however it is spelled', async () => {
    // Each file holds one thing the check looks for and nothing else it could notice first.
    const problems = await problemsOf({
      'content/landmarks/big-ben.md': `---\nname: Big Ben\n"\\u005F_proto__": { polluted: true }\n---\n`,
      'content/landmarks/eiffel-tower.md': `---\nname: Eiffel Tower\nconstructor: yes\n---\n`,
      'content/landmarks/louvre.md': `---\nname: !!str Louvre\n---\n`,
    });
    expect(problems.filter((problem) => !/ (location|coordinates|wikidata): /.test(problem))).toEqual([
      'content/landmarks/big-ben.md:3:1 __proto__: field name "__proto__" is not allowed; remove it',
      'content/landmarks/eiffel-tower.md:3:1 constructor: field name "constructor" is not allowed; remove it',
      'content/landmarks/louvre.md:2:7 yaml: expected plain values; got the tag "!!str" (remove it; the schema decides each value\'s type)',
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses binary files and files over the size cap', async () => {
    const problems = await problemsOf({
      'content/landmarks/eiffel-tower.md': new Uint8Array([0x2d, 0x2d, 0x2d, 0x0a, 0x00, 0xff]),
      'content/landmarks/big-ben.md': `---\nname: Big Ben\n---\n${'x'.repeat(70 * 1024)}`,
    });
    expect(problems).toEqual([
      expect.stringMatching(/^content\/landmarks\/big-ben\.md:1:1 file: file is \d+ bytes; expected at most 65536 bytes/),
      'content/landmarks/eiffel-tower.md:1:1 file: expected a UTF-8 text file; got binary data (a NUL byte)',
    ]);
  });
});

describe('rules across files', () => {
  it('finds duplicate ids, unknown landmark folders and shared Wikidata ids', async () => {
    const problems = await problemsOf({
      'content/landmarks/eiffel-tower.md': validLandmark(),
      'content/landmarks/tour-eiffel.md': validLandmark('Tour Eiffel'),
      'content/reports/eiffel-tower/k3x9m2p4qa.md': validReport(),
      'content/reports/eifel-tower/k3x9m2p4qa.md': validReport(),
    });
    expect(problems).toEqual([
      'content/landmarks/tour-eiffel.md:9:11 wikidata: expected a Wikidata id used by one landmark only; got "Q243", also used by content/landmarks/eiffel-tower.md (merge the two landmarks or correct the id)',
      'content/reports/eifel-tower/k3x9m2p4qa.md:1:1 landmark: expected the folder to name a landmark in content/landmarks/; got "eifel-tower" (did you mean "eiffel-tower"?)',
      'content/reports/eiffel-tower/k3x9m2p4qa.md:1:1 id: expected a unique report id; got "k3x9m2p4qa", also used by content/reports/eifel-tower/k3x9m2p4qa.md (run npm run new-report for a fresh id)',
    ]);
  });

  it('refuses dates in the future, confirmations before the observation and unsourced official reports', async () => {
    const report = `---
condition: closed
summary: Closed.
observedAt: 2026-11-22
confirmations:
  - date: 2026-11-01
source:
  kind: official
until: 2026-11-10
---
`;
    const problems = await problemsOf({ 'content/landmarks/eiffel-tower.md': validLandmark(), 'content/reports/eiffel-tower/k3x9m2p4qa.md': report });
    expect(problems).toEqual([
      'content/reports/eiffel-tower/k3x9m2p4qa.md:4:13 observedAt: expected a date not in the future (at most 2026-11-21, today in the earliest time zone); got "2026-11-22"',
      'content/reports/eiffel-tower/k3x9m2p4qa.md:6:11 confirmations.0.date: expected a date on or after observedAt (2026-11-22); got "2026-11-01" (a confirmation comes after the observation)',
      'content/reports/eiffel-tower/k3x9m2p4qa.md:8:3 source.url: expected a source.url on an official report; got nothing (link the announcement so readers can check it)',
      'content/reports/eiffel-tower/k3x9m2p4qa.md:9:8 until: expected a date on or after observedAt (2026-11-22); got "2026-11-10"',
    ]);
  });

  it('refuses files outside the two content folders', async () => {
    expect(await problemsOf({ 'content/eiffel-tower.md': validLandmark() })).toEqual([
      'content/eiffel-tower.md:1:1 file: expected landmarks as content/landmarks/<slug>.md and reports as content/reports/<landmark-slug>/<id>.md; got a file elsewhere (move or remove it)',
    ]);
  });
});
