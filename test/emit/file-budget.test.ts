import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { budgetProblem, measureSite } from '../../src/emit/file-budget.ts';
import { projectRoot } from '../support/build.ts';

describe('measuring a built site against the asset budget', () => {
  it('counts every file but _headers, by part, and names the largest', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'site-measure-'));
    const files: Record<string, number> = {
      'index.html': 300,
      '_headers': 50_000,
      '_data/reports/0.json': 1_200,
      '_data/reports/1.json': 9_000,
      'data/reports.part-001.ndjson': 4_000,
      '.well-known/ai-plugin.json': 20,
    };
    for (const [file, bytes] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), Buffer.alloc(bytes, 'x'));
    }
    const measure = await measureSite(dir);
    expect(measure.files).toBe(5);
    expect(measure.largest).toEqual({ file: '_data/reports/1.json', bytes: 9_000 });
    expect(Object.fromEntries(measure.byPart)).toEqual({ '(pages, assets and entry points)': 2, '_data/reports': 2, 'data (downloads)': 1 });
  });
});

describe('a site over the budget', () => {
  it('is refused with the files by part and a pointer to a section the docs have', async () => {
    const measure = { files: 20_001, byPart: new Map([['_data/reports', 8_192], ['data (downloads)', 11_809]]), largest: { file: '_data/reports/0.json', bytes: 1_000 } };
    const problem = budgetProblem(measure, 20_000)!;
    expect(problem).toContain('20,001 files, over the budget of 20,000');
    expect(problem).toContain('by part: data (downloads): 11,809, _data/reports: 8,192.');
    const [, doc, heading] = /\((docs\/[\w-]+\.md), "([^"]+)"\)\.$/.exec(problem) ?? [];
    expect(doc).toBeDefined();
    const headings = (await readFile(path.join(projectRoot, doc!), 'utf8')).split('\n').filter((line) => line.startsWith('#')).map((line) => line.replace(/^#+ /, ''));
    expect(headings).toContain(heading);
  });
});
