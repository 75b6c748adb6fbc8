import { describe, expect, it } from 'vitest';
import { githubAnnotation } from '../../src/cli/github-annotation.ts';
import { runScript } from '../support/build.ts';
import { validLandmark, validReport, writeContentTree } from '../support/content-files.ts';

const brokenTree = () =>
  writeContentTree({
    'content/landmarks/eiffel-tower.md': validLandmark(),
    'content/reports/eiffel-tower/k3x9m2p4qa.md': validReport({ condition: 'clsoed' }),
    'content/reports/eiffel-tower/m4n5p6q7rs.md': validReport({ summary: 'Closed: strike' }),
  });

const conditionProblem =
  'content/reports/eiffel-tower/k3x9m2p4qa.md:2:12 condition: expected one of open, closed, partially_closed, restricted_access, refurbishment, scaffolding, view_obstructed; got "clsoed" (did you mean "closed"?)';

describe('npm run validate', () => {
  it('prints every problem as file:line:col and exits 1', async () => {
    const result = await runScript('validate.ts', ['--root', await brokenTree()], { GITHUB_ACTIONS: '' });
    expect(result.code).toBe(1);
    const lines = result.stderr.split('\n');
    expect(lines[0]).toBe(conditionProblem);
    expect(lines[1]).toMatch(/^content\/reports\/eiffel-tower\/m4n5p6q7rs\.md:3:10 yaml: invalid YAML: Nested mappings are not allowed in compact mappings \(a value containing ": " must be put in double quotes/);
    expect(result.stderr).toContain('2 problem(s) in 2 file(s).');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('in GitHub Actions, prints each problem as an error annotation on its file and line', async () => {
    const result = await runScript('validate.ts', ['--root', await brokenTree()], { GITHUB_ACTIONS: 'true' });
    expect(result.code).toBe(1);
    expect(result.stdout.split('\n')[0]).toBe(
      `::error file=content/reports/eiffel-tower/k3x9m2p4qa.md,line=2,col=12,title=Content problem%3A condition::${conditionProblem}`,
    );
  });

  it('lets --format text override the GitHub default, and refuses an unknown format', async () => {
    const root = await brokenTree();
    expect((await runScript('validate.ts', ['--root', root, '--format', 'text'], { GITHUB_ACTIONS: 'true' })).stderr).toContain(conditionProblem);
    const refused = await runScript('validate.ts', ['--root', root, '--format', 'xml']);
    expect(refused).toMatchObject({ code: 2, stderr: expect.stringContaining('expected --format text or github; got "xml"') });
  });

  it('names a bad period with its file and line: a start after the end, an estimate without an end, a start long before the observation', async () => {
    const root = await writeContentTree({
      'content/landmarks/eiffel-tower.md': validLandmark(),
      'content/reports/eiffel-tower/after2end.md': validReport({ observedAt: '2026-01-05', from: '2026-03-01', until: '2026-02-01' }),
      'content/reports/eiffel-tower/estimated1.md': validReport({ untilKind: 'estimated' }),
      'content/reports/eiffel-tower/longago11.md': validReport({ observedAt: '2026-01-05', from: '2025-06-01' }),
      'content/reports/eiffel-tower/announced2.md': validReport({ observedAt: '2026-01-05', from: '2026-02-01', until: '2030-12-31', untilKind: 'estimated' }),
    });
    const result = await runScript('validate.ts', ['--root', root], { GITHUB_ACTIONS: '' });
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n').filter((line) => line.startsWith('content/')).sort()).toEqual([
      'content/reports/eiffel-tower/after2end.md:5:7 from: expected from on or before until (2026-02-01); got "2026-03-01" (the period starts on from and ends on until)',
      'content/reports/eiffel-tower/estimated1.md:5:12 untilKind: expected untilKind only beside until; got "estimated" with no until (add the end the source gave as until, or remove untilKind)',
      'content/reports/eiffel-tower/longago11.md:5:7 from: expected from at most 31 days before observedAt (2026-01-05), as the first day of a condition announced ahead; got "2025-06-01" (remove from when the condition was already under way: observedAt then starts it)',
    ]);
  });

  it('warns, without failing, about a landmark whose newest report is over a year old', async () => {
    const root = await writeContentTree({
      'content/landmarks/eiffel-tower.md': validLandmark(),
      'content/reports/eiffel-tower/oldreport1.md': validReport({ observedAt: '2020-03-01' }),
    });
    const result = await runScript('validate.ts', ['--root', root], { GITHUB_ACTIONS: '' });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('warning: content/landmarks/eiffel-tower.md:1:1 reports: newest report observed 2020-03-01, over a year ago');
    const annotated = await runScript('validate.ts', ['--root', root], { GITHUB_ACTIONS: 'true' });
    expect(annotated.stdout).toMatch(/^::warning file=content\/landmarks\/eiffel-tower\.md,line=1,col=1,title=Content warning%3A reports::/m);
  });

  it('warns, without failing, about a main source on a site that republishes others\' work, and not about an original', async () => {
    const pressReport = (url: string) => `---
condition: closed
summary: "Closed by a strike."
observedAt: 2026-01-05
source:
  kind: press
  name: "A newspaper"
  url: ${url}
---
Details.
`;
    const root = await writeContentTree({
      'content/landmarks/eiffel-tower.md': validLandmark(),
      'content/reports/eiffel-tower/copied1234.md': pressReport('https://www.urdupoint.com/en/world/strike-closes-tower-1.html'),
      'content/reports/eiffel-tower/original12.md': pressReport('https://www.afp.com/en/news/strike-closes-tower'),
      // Only the listed site and its subdomains: a name that merely ends the same way is another site.
      'content/reports/eiffel-tower/lookalike1.md': pressReport('https://notyahoo.com/news/strike-closes-tower'),
    });
    const result = await runScript('validate.ts', ['--root', root], { GITHUB_ACTIONS: '' });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const warnings = result.stdout.split('\n').filter((line) => line.startsWith('warning: content/reports/'));
    expect(warnings).toEqual([
      expect.stringMatching(/^warning: content\/reports\/eiffel-tower\/copied1234\.md:8:8 source\.url: expected the original page .*; got a copy on urdupoint\.com, /),
    ]);
    expect(result.stdout).toContain('1 report(s) citing a republished copy as their main source (warnings; the content is valid).');
    const annotated = await runScript('validate.ts', ['--root', root], { GITHUB_ACTIONS: 'true' });
    expect(annotated.code).toBe(0);
    expect(annotated.stdout).toMatch(/^::warning file=content\/reports\/eiffel-tower\/copied1234\.md,line=8,col=8,title=Content warning%3A source\.url::content\/reports\/eiffel-tower\/copied1234\.md:8:8 source\.url: expected the original page/m);
    expect(annotated.stdout).not.toMatch(/original12|lookalike1/);
  });

  it('does not warn about a landmark that has no report yet: most of the catalogue waits for its first', async () => {
    const root = await writeContentTree({
      'content/landmarks/eiffel-tower.md': validLandmark(),
      'content/landmarks/louvre.md': validLandmark('Louvre', 'Q19675'),
      'content/reports/eiffel-tower/oldreport1.md': validReport({ observedAt: '2020-03-01' }),
    });
    const result = await runScript('validate.ts', ['--root', root], { GITHUB_ACTIONS: '' });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('content/landmarks/eiffel-tower.md:1:1 reports: newest report observed 2020-03-01');
    expect(result.stdout).not.toContain('louvre.md');
  });

  it('passes on the bundled content', async () => {
    const result = await runScript('validate.ts', []);
    expect(result).toMatchObject({ code: 0, stdout: expect.stringMatching(/^All content is valid: \d+ landmarks, \d+ reports/) });
  });
});

describe('GitHub annotations', () => {
  it('escape what would end a property or the message early', () => {
    expect(githubAnnotation({ file: 'content/a,b:c.md', line: 3, column: 4, field: 'summary', message: '100% sure\nnext line' })).toBe(
      '::error file=content/a%2Cb%3Ac.md,line=3,col=4,title=Content problem%3A summary::content/a,b:c.md:3:4 summary: 100%25 sure%0Anext line',
    );
  });
});

describe('supersedes', () => {
  it('refuses an unknown id, a report of another landmark and a loop, each at its line and column', async () => {
    const root = await writeContentTree({
      'content/landmarks/eiffel-tower.md': validLandmark(),
      'content/landmarks/louvre.md': validLandmark('Louvre', 'Q19675'),
      'content/reports/eiffel-tower/aaaaaa22.md': validReport({ supersedes: 'bbbbbb33' }),
      'content/reports/eiffel-tower/bbbbbb33.md': validReport({ supersedes: 'aaaaaa22' }),
      'content/reports/eiffel-tower/cccccc44.md': validReport({ supersedes: 'zzzzzz99' }),
      'content/reports/eiffel-tower/dddddd55.md': validReport({ supersedes: 'eeeeee66' }),
      'content/reports/louvre/eeeeee66.md': validReport(),
    });
    const result = await runScript('validate.ts', ['--root', root], { GITHUB_ACTIONS: '' });
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n').filter((line) => line.includes(' supersedes: '))).toEqual([
      'content/reports/eiffel-tower/aaaaaa22.md:5:13 supersedes: expected a chain of superseded reports that ends; got "bbbbbb33", which leads back to this report through bbbbbb33 (remove supersedes from the earliest report of the loop)',
      'content/reports/eiffel-tower/bbbbbb33.md:5:13 supersedes: expected a chain of superseded reports that ends; got "aaaaaa22", which leads back to this report through aaaaaa22 (remove supersedes from the earliest report of the loop)',
      'content/reports/eiffel-tower/cccccc44.md:5:13 supersedes: expected the id of a report in content/reports/eiffel-tower/; got "zzzzzz99", which no report has',
      'content/reports/eiffel-tower/dddddd55.md:5:13 supersedes: expected a report of the same landmark, eiffel-tower; got "eeeeee66", which is content/reports/louvre/eeeeee66.md',
    ]);
  });
});

describe('watch', () => {
  it("checks the watch's records as the build does, naming a wrong field at its line", async () => {
    const checks = 'checks:\n  eiffel-tower:\n    wikidata:\n      method: wikidata\n      url: https://www.wikidata.org/wiki/Special:EntityData/Q243.json\n      checkedAt: 2026-11-01T06:00:00Z\n      outcome: maybe\n      items: 1\n';
    const root = await writeContentTree({ 'content/landmarks/eiffel-tower.md': validLandmark(), 'content/watch/checks.yaml': checks });
    const result = await runScript('validate.ts', ['--root', root], { GITHUB_ACTIONS: '' });
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n')[0]).toMatch(/^content\/watch\/checks\.yaml:7:16 checks\.eiffel-tower\.wikidata\.outcome: expected one of ok, empty, failed, disabled/);
  });

  it('says which source entry is wrong, where, and what was expected', async () => {
    const landmark = validLandmark().replace(
      'wikidata: Q243\n',
      'wikidata: Q243\nwatch:\n  - nps: { parkCode: GRCA }\n  - jsonld: { url: "http://example.org/x" }\n  - rss: { url: "https://example.org/feed" }\n  - { ical: { url: "https://example.org/c.ics" }, wikidata: {} }\n  - wikidata: {}\n',
    );
    const result = await runScript('validate.ts', ['--root', await writeContentTree({ 'content/landmarks/eiffel-tower.md': landmark })], { GITHUB_ACTIONS: '' });
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n').filter((line) => line.includes(' watch.'))).toEqual([
      'content/landmarks/eiffel-tower.md:11:22 watch.0.nps.parkCode: expected a park code of four lowercase letters, like "grca" (the NPS unit code); got "GRCA"',
      'content/landmarks/eiffel-tower.md:12:20 watch.1.jsonld.url: expected an https URL, like "https://museum.example/opening-hours"; got "http://example.org/x"',
      'content/landmarks/eiffel-tower.md:13:5 watch.2.rss: unknown field; expected one of nps, jsonld, ical, feed, wikidata (did you mean "nps"?)',
      'content/landmarks/eiffel-tower.md:13:5 watch.2: expected exactly one method per entry, one of nps, jsonld, ical, feed, wikidata, like "- nps: { parkCode: grca }"; got a set of fields',
      'content/landmarks/eiffel-tower.md:14:5 watch.3: expected exactly one method per entry, one of nps, jsonld, ical, feed, wikidata, like "- nps: { parkCode: grca }"; got a set of fields',
    ]);
  });
});
