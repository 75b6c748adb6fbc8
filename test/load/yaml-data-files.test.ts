import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPopularity, popularityPath } from '../../src/load/popularity.ts';
import { loadWatchChecks } from '../../src/load/watch-checks.ts';
import { watchChecksPath } from '../../src/schema/watch-checks.ts';
import { writeContentTree } from '../support/content-files.ts';

const record = '      method: wikidata\n      url: https://www.wikidata.org/wiki/Special:EntityData/Q243.json\n      checkedAt: 2026-11-01T06:00:00Z\n      outcome: ok\n      items: 1\n';

async function treeWith(file: string, text: string): Promise<string> {
  const root = await writeContentTree({});
  await mkdir(path.join(root, path.dirname(file)), { recursive: true });
  await writeFile(path.join(root, file), text);
  return root;
}

describe('the YAML data files of content/', () => {
  it('name each key given twice in a mapping at its line, at any depth, and give no data', async () => {
    const checks = `checks:\n  eiffel-tower:\n    wikidata:\n${record}  big-ben:\n    wikidata:\n${record}      outcome: failed\n  eiffel-tower:\n    wikidata:\n${record}`;
    const { checks: loaded, problems } = await loadWatchChecks(await treeWith(watchChecksPath, checks));
    expect(loaded).toEqual({});
    expect(problems.map(({ file, line, column, message }) => `${file}:${line}:${column} ${message}`)).toEqual([
      `${watchChecksPath}:16:7 invalid YAML: the key "outcome" is given twice in the same mapping (each key may appear once; keep one)`,
      `${watchChecksPath}:17:3 invalid YAML: the key "eiffel-tower" is given twice in the same mapping (each key may appear once; keep one)`,
    ]);
  });

  it('tell a number from the same digits quoted, as YAML does, and refuse a Wikidata id given twice', async () => {
    const { problems } = await loadPopularity(await treeWith(popularityPath, 'retrievedAt: 2026-11-01\nsitelinks:\n  Q243: 120\n  Q9188: 80\n  Q243: 121\n'));
    expect(problems).toMatchObject([{ file: popularityPath, line: 5, column: 3, field: 'yaml' }]);
    // 1 and "1" are two keys to the parser; the schema then refuses both as Wikidata ids.
    const distinct = await loadPopularity(await treeWith(popularityPath, 'retrievedAt: 2026-11-01\nsitelinks:\n  1: 120\n  "1": 80\n'));
    expect(distinct.problems.map((problem) => problem.field)).not.toContain('yaml');
  });
});
