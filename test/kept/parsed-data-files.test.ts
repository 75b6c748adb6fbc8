import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { parseCacheDir } from '../../src/kept/parse-cache.ts';
import { keptDataFile } from '../../src/kept/parsed-data-files.ts';
import { loadWatchChecks } from '../../src/load/watch-checks.ts';
import { watchChecksPath, type WatchChecksFile } from '../../src/schema/watch-checks.ts';
import { writeContentTree } from '../support/content-files.ts';

const record = (checkedAt: string) => ({ method: 'wikidata', url: 'https://www.wikidata.org/wiki/Special:EntityData/Q1.json', checkedAt, outcome: 'ok', items: 1, lastSuccessAt: checkedAt });

async function treeWithChecks(checks: unknown): Promise<{ root: string; cacheDir: string; write: (checks: unknown) => Promise<string> }> {
  const root = await writeContentTree({});
  await mkdir(path.join(root, path.dirname(watchChecksPath)), { recursive: true });
  const write = async (next: unknown) => {
    const text = stringify({ checks: next });
    await writeFile(path.join(root, watchChecksPath), text);
    return text;
  };
  await write(checks);
  return { root, cacheDir: parseCacheDir(root), write };
}

describe("a YAML data file's parse, kept in the parse cache's folder", () => {
  it('is taken for the same text without parsing it, and the file is parsed again once its text changes', async () => {
    const { root, cacheDir, write } = await treeWithChecks({ 'eiffel-tower': { wikidata: record('2026-11-01T06:00:00Z') } });
    const first = await loadWatchChecks(root, cacheDir);
    expect(first.problems).toEqual([]);
    expect(first.checks['eiffel-tower']!['wikidata']!.checkedAt).toBe('2026-11-01T06:00:00Z');
    expect(await loadWatchChecks(root, cacheDir)).toEqual(first);

    // What is kept for a text is what the load gives for it, unparsed: kept other data, it gives that.
    const text = await readFile(path.join(root, watchChecksPath), 'utf8');
    const other: WatchChecksFile['checks'] = { 'big-ben': {} };
    await keptDataFile(cacheDir, watchChecksPath, text).keep({ checks: other });
    expect((await loadWatchChecks(root, cacheDir)).checks).toEqual(other);

    await write({ 'eiffel-tower': { wikidata: record('2026-11-02T06:00:00Z') } });
    const changed = await loadWatchChecks(root, cacheDir);
    expect(changed.checks['eiffel-tower']!['wikidata']!.checkedAt).toBe('2026-11-02T06:00:00Z');
    expect(await loadWatchChecks(root, cacheDir)).toEqual(changed);
  });

  it('keeps nothing for a text with problems, which are told on every load', async () => {
    const { root, cacheDir, write } = await treeWithChecks({ 'eiffel-tower': { wikidata: { ...record('2026-11-01T06:00:00Z'), outcome: 'maybe' } } });
    for (let load = 0; load < 2; load++) {
      const { problems } = await loadWatchChecks(root, cacheDir);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatchObject({ file: watchChecksPath, field: 'checks.eiffel-tower.wikidata.outcome' });
    }
    await write({});
    expect(await loadWatchChecks(root, cacheDir)).toEqual({ checks: {}, problems: [] });
  });

  it('is parsed again when what was kept is damaged', async () => {
    const { root, cacheDir } = await treeWithChecks({ 'eiffel-tower': { wikidata: record('2026-11-01T06:00:00Z') } });
    const first = await loadWatchChecks(root, cacheDir);
    const folder = path.join(cacheDir, 'data-files', path.basename(watchChecksPath));
    const [manifest] = await readdir(folder);
    const kept = path.join(folder, manifest!);
    await writeFile(kept, (await readFile(kept, 'utf8')).replace('2026-11-01T06:00:00Z', '2026-11-09T06:00:00Z'));
    expect(await loadWatchChecks(root, cacheDir)).toEqual(first);
  });
});
