import { appendFile, mkdir, readdir, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { syntheticCatalogueInput, writeSyntheticContent } from '../../scripts/lib/synthetic-content.ts';
import { commitTimesFile, commitTimesSinceFile, keepCommitTimes, openKeptCommitTimes, readKeptCommitTimes } from '../../src/kept/commit-times.ts';
import { loadContent, reportCommitTimesAhead } from '../../src/load/load-content.ts';
import { writeContentTree } from '../support/content-files.ts';
import { commitEverything, gitAt as git } from '../support/git.ts';

const now = new Date('2026-11-20T12:00:00Z');

async function committedCatalogue(): Promise<string> {
  const root = await writeContentTree({});
  await writeSyntheticContent(root, syntheticCatalogueInput({ landmarks: 3, reports: 12, seed: 9 }));
  commitEverything(root, 'catalogue', '2026-01-01T00:00:00Z');
  return root;
}

/** Each report's commit time by id, as the build sees it: with the kept times, or read from the whole history. */
async function timesOf(root: string, keep: boolean): Promise<Record<string, string | undefined>> {
  const { content } = await loadContent({ root, now, ...(keep ? { commitTimesFile: commitTimesFile(root) } : {}) });
  return Object.fromEntries(content.reports.map((report) => [report.id, report.committedAt]));
}

async function edit(root: string, file: string, date: string): Promise<void> {
  await appendFile(path.join(root, file), `Edited at ${date}.\n`);
  git(root, date, 'commit', '-q', '-am', `edit at ${date}`);
}

describe('commit times kept between builds', () => {
  it('are read from the commits since the kept ones, giving what the whole history gives', async () => {
    const root = await committedCatalogue();
    const cold = await timesOf(root, true);
    expect(new Set(Object.values(cold))).toEqual(new Set(['2026-01-01T00:00:00Z']));
    expect(cold).toEqual(await timesOf(root, false));

    const { content } = await loadContent({ root, now, readCommitTimes: false });
    const [first, second, untouched] = content.reports;
    // Kept times a whole-history read would not give: only a file no new commit touches keeps its own.
    const kept = (await readKeptCommitTimes(commitTimesFile(root), 'content/reports'))!;
    for (const file of kept.times.keys()) kept.times.set(file, '2025-06-01T00:00:00Z');
    await keepCommitTimes(commitTimesFile(root), 'content/reports', kept);

    await edit(root, first!.file, '2026-03-01T00:00:00Z');
    // A commit dated before its parent (clocks out of step): the file's time stays the latest.
    await edit(root, first!.file, '2026-02-01T00:00:00Z');
    await edit(root, second!.file, '2026-04-01T00:00:00Z');
    const warm = await timesOf(root, true);
    expect(warm[first!.id]).toBe('2026-03-01T00:00:00Z');
    expect(warm[second!.id]).toBe('2026-04-01T00:00:00Z');
    expect(warm[untouched!.id]).toBe('2025-06-01T00:00:00Z');
    // The file now holds the times as of the new commit: nothing is read again.
    expect(await timesOf(root, true)).toEqual(warm);
  });

  it('are read from the whole history when the kept commit is not in it any more', async () => {
    const root = await committedCatalogue();
    const { content } = await loadContent({ root, now, readCommitTimes: false });
    await edit(root, content.reports[0]!.file, '2026-03-01T00:00:00Z');
    const rewritten = git(root, '2026-03-01T00:00:00Z', 'rev-parse', 'HEAD');
    await keepCommitTimes(commitTimesFile(root), 'content/reports', { head: rewritten, times: new Map(content.reports.map((report) => [report.file, '2025-06-01T00:00:00Z'])) });

    // The commit is dropped (a force-push) and another made in its place.
    git(root, '2026-01-01T00:00:00Z', 'reset', '-q', '--hard', 'HEAD~1');
    await edit(root, content.reports[1]!.file, '2026-05-01T00:00:00Z');
    const after = await timesOf(root, true);
    expect(after).toEqual(await timesOf(root, false));
    expect(after[content.reports[0]!.id]).toBe('2026-01-01T00:00:00Z');
    expect(after[content.reports[1]!.id]).toBe('2026-05-01T00:00:00Z');
  });

  it('are looked up for a few files as the whole kept map gives them, the first and last lines included', async () => {
    const root = await committedCatalogue();
    const { content } = await loadContent({ root, now, readCommitTimes: false });
    await edit(root, content.reports[3]!.file, '2026-03-01T00:00:00Z');
    await timesOf(root, true);
    const whole = (await readKeptCommitTimes(commitTimesFile(root), 'content/reports'))!;
    const lines = [...whole.times.keys()];
    const wanted = [lines[0]!, lines.at(-1)!, content.reports[3]!.file, 'content/reports/nowhere/absent0001.md'];
    const found = (await openKeptCommitTimes(commitTimesFile(root), 'content/reports'))?.timesOf(wanted);
    expect(found?.head).toBe(whole.head);
    expect(found?.times).toEqual(new Map(wanted.slice(0, 3).map((file) => [file, whole.times.get(file)])));
    expect(found?.times.get(content.reports[3]!.file)).toBe('2026-03-01T00:00:00Z');
    await truncate(commitTimesFile(root), 200);
    expect((await openKeptCommitTimes(commitTimesFile(root), 'content/reports'))?.timesOf(wanted)).toBeUndefined();
  });

  it('are found for a path outside ASCII, as the whole kept map gives it', async () => {
    const root = await writeContentTree({});
    const file = commitTimesFile(root);
    const times = new Map([
      ['content/reports/caf\u00e9-de-flore/2026-01-02-terrasse.md', '2026-01-02T10:00:00Z'],
      ['content/reports/\u6e05\u6c34\u5bfa/2026-02-03-stage.md', '2026-02-03T11:00:00Z'],
      ['content/reports/zocalo/2026-03-04-flag.md', '2026-03-04T12:00:00Z'],
    ]);
    await keepCommitTimes(file, 'content/reports', { head: 'a'.repeat(40), times });
    expect((await readKeptCommitTimes(file, 'content/reports'))?.times).toEqual(times);
    const wanted = [...times.keys()].slice(0, 2);
    expect((await openKeptCommitTimes(file, 'content/reports'))?.timesOf(wanted)?.times).toEqual(new Map(wanted.map((name) => [name, times.get(name)])));
    // Only the whole path: a name that ends another is not it.
    expect((await openKeptCommitTimes(file, 'content/reports'))?.timesOf(['flore/2026-01-02-terrasse.md'])?.times.size).toBe(0);
  });

  it('are begun before a rebuild knows its files, and give those files what the whole history gives', async () => {
    const root = await committedCatalogue();
    await timesOf(root, true);
    const { content } = await loadContent({ root, now, readCommitTimes: false });
    const [first, second, untouched] = content.reports;
    const files = [first!.file, second!.file, untouched!.file, 'content/reports/nowhere/absent0001.md'];
    // Kept times a whole-history read would not give: only a file no new commit touches keeps its own.
    const kept = (await readKeptCommitTimes(commitTimesFile(root), 'content/reports'))!;
    for (const file of kept.times.keys()) kept.times.set(file, '2025-06-01T00:00:00Z');
    await keepCommitTimes(commitTimesFile(root), 'content/reports', kept);

    // Nothing committed since the kept times: they are the answer.
    expect(await reportCommitTimesAhead(root, commitTimesFile(root))(files)).toEqual(new Map(files.slice(0, 3).map((file) => [file, '2025-06-01T00:00:00Z'])));

    await edit(root, first!.file, '2026-03-01T00:00:00Z');
    // A commit dated before its parent (clocks out of step): the file's time stays the latest.
    await edit(root, first!.file, '2026-02-01T00:00:00Z');
    await edit(root, second!.file, '2026-04-01T00:00:00Z');
    const lookUp = reportCommitTimesAhead(root, commitTimesFile(root));
    const expected = new Map([
      [first!.file, '2026-03-01T00:00:00Z'],
      [second!.file, '2026-04-01T00:00:00Z'],
      [untouched!.file, '2025-06-01T00:00:00Z'],
    ]);
    const times = await lookUp(files);
    for (const [file, time] of expected) expect(times.get(file)).toBe(time);
    expect(times.has(files[3]!)).toBe(false);

    // History rewritten (a force-push), and kept times of a commit this clone does not have: the
    // whole history, as a full load reads it.
    git(root, '2026-01-01T00:00:00Z', 'reset', '-q', '--hard', 'HEAD~3');
    await edit(root, second!.file, '2026-05-01T00:00:00Z');
    await keepCommitTimes(commitTimesFile(root), 'content/reports', { head: '0'.repeat(40), times: kept.times });
    const rewritten = await reportCommitTimesAhead(root, commitTimesFile(root))(files);
    const whole = await timesOf(root, false);
    expect(rewritten.get(first!.file)).toBe(whole[first!.id]);
    expect(rewritten.get(second!.file)).toBe('2026-05-01T00:00:00Z');
    expect(rewritten.get(untouched!.file)).toBe('2026-01-01T00:00:00Z');
  });

  it('read by a rebuild since the kept ones are kept beside them, so that the next rebuild reads only the commits since its own', async () => {
    const root = await committedCatalogue();
    await timesOf(root, true);
    const { content } = await loadContent({ root, now, readCommitTimes: false });
    const [first, second, untouched] = content.reports;
    const files = [first!.file, second!.file, untouched!.file];
    const base = (await readKeptCommitTimes(commitTimesFile(root), 'content/reports'))!;
    await edit(root, first!.file, '2026-03-01T00:00:00Z');
    expect(await reportCommitTimesAhead(root, commitTimesFile(root))(files)).toEqual(
      new Map([
        [first!.file, '2026-03-01T00:00:00Z'],
        [second!.file, '2026-01-01T00:00:00Z'],
        [untouched!.file, '2026-01-01T00:00:00Z'],
      ]),
    );
    const sinceFile = commitTimesSinceFile(commitTimesFile(root), base.head);
    const since = (await readKeptCommitTimes(sinceFile, 'content/reports'))!;
    expect(since).toEqual({ head: git(root, '2026-03-01T00:00:00Z', 'rev-parse', 'HEAD'), times: new Map([[first!.file, '2026-03-01T00:00:00Z']]) });
    // The whole file is as the full load kept it.
    expect(await readKeptCommitTimes(commitTimesFile(root), 'content/reports')).toEqual(base);

    // A time git would not give, seen only if the next rebuild takes the kept commits as read.
    await keepCommitTimes(sinceFile, 'content/reports', { head: since.head, times: new Map([[first!.file, '2026-03-02T00:00:00Z']]) });
    await edit(root, second!.file, '2026-04-01T00:00:00Z');
    const next = await reportCommitTimesAhead(root, commitTimesFile(root))(files);
    expect(next.get(first!.file)).toBe('2026-03-02T00:00:00Z');
    expect(next.get(second!.file)).toBe('2026-04-01T00:00:00Z');
    expect((await readKeptCommitTimes(sinceFile, 'content/reports'))?.times.size).toBe(2);

    // A full load keeps the whole file anew, at its commit: the times kept since the old one are no longer read.
    expect(await timesOf(root, true)).toEqual(await timesOf(root, false));
    await edit(root, untouched!.file, '2026-05-01T00:00:00Z');
    const afterFull = await reportCommitTimesAhead(root, commitTimesFile(root))(files);
    expect(afterFull.get(first!.file)).toBe('2026-03-01T00:00:00Z');
    expect(afterFull.get(untouched!.file)).toBe('2026-05-01T00:00:00Z');
    expect(await readdir(path.dirname(commitTimesFile(root)))).not.toContain(path.basename(sinceFile));
  });

  it('are written whole, thousands of lines at a time, or not at all when a path holds a tab: the file before is left', async () => {
    const root = await writeContentTree({});
    const file = commitTimesFile(root);
    const times = new Map(Array.from({ length: 10_000 }, (_, index) => [`content/reports/landmark-${index % 97}/${String(index).padStart(6, '0')}.md`, '2026-02-03T04:05:06Z']));
    await keepCommitTimes(file, 'content/reports', { head: 'a'.repeat(40), times });
    const kept = await readKeptCommitTimes(file, 'content/reports');
    expect(kept?.head).toBe('a'.repeat(40));
    expect(kept?.times).toEqual(times);

    await keepCommitTimes(file, 'content/reports', { head: 'b'.repeat(40), times: new Map([...times, ['content/reports/landmark-1/with\ttab.md', '2026-02-03T04:05:06Z']]) });
    expect((await readKeptCommitTimes(file, 'content/reports'))?.head).toBe('a'.repeat(40));
    expect(await readdir(path.dirname(file))).toEqual([path.basename(file)]);
  });

  it('are ignored when their file is damaged, and kept again whole', async () => {
    const root = await committedCatalogue();
    const cold = await timesOf(root, true);
    await truncate(commitTimesFile(root), 200);
    expect(await readKeptCommitTimes(commitTimesFile(root), 'content/reports')).toBeUndefined();

    const { content } = await loadContent({ root, now, readCommitTimes: false });
    await edit(root, content.reports[0]!.file, '2026-03-01T00:00:00Z');
    const after = await timesOf(root, true);
    expect(after).toEqual({ ...cold, [content.reports[0]!.id]: '2026-03-01T00:00:00Z' });
    expect((await readKeptCommitTimes(commitTimesFile(root), 'content/reports'))?.times.size).toBe(content.reports.length);
  });

  it('replace what an older layout of the caches left in their folder\'s place, or a killed build left half-written', async () => {
    const root = await committedCatalogue();
    const folder = path.dirname(commitTimesFile(root));
    // Before src/kept/, the times were one file at .cache/commit-times, where the store's folder now is.
    await mkdir(path.dirname(folder), { recursive: true });
    await writeFile(folder, 'commit-times 1 content/reports (the old layout)');
    const cold = await timesOf(root, true);
    expect((await readKeptCommitTimes(commitTimesFile(root), 'content/reports'))?.times.size).toBe(Object.keys(cold).length);

    // Above the largest process id Linux hands out (2^22): no process of this id runs.
    const abandoned = `${commitTimesFile(root)}.99999999.incoming`;
    await writeFile(abandoned, 'half of a file');
    // Removed when the store is next written: after a new commit.
    const { content } = await loadContent({ root, now, readCommitTimes: false });
    await edit(root, content.reports[0]!.file, '2026-03-01T00:00:00Z');
    await timesOf(root, true);
    expect(await readdir(folder)).toEqual([path.basename(commitTimesFile(root))]);
  });
});
