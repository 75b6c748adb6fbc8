import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureSite } from '../../src/emit/file-budget.ts';

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
