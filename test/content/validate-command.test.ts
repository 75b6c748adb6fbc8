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
