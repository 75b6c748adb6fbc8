import { createHash } from 'node:crypto';
import { appendFile, mkdtemp, readdir, readFile, rename, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { syntheticCatalogueInput, writeSyntheticContent } from '../../scripts/lib/synthetic-content.ts';
import fg from 'fast-glob';
import { checkContentFile, type FileOutcome } from '../../src/load/check-content-file.ts';
import { openParseCache, parseCacheDir, parseCacheHoldsUsableShards } from '../../src/kept/parse-cache.ts';
import { loadContent } from '../../src/load/load-content.ts';
import { formatProblem } from '../../src/load/problem.ts';
import { writeContentTree } from '../support/content-files.ts';
import { commitEverything, git } from '../support/git.ts';
import { reportBodiesIn } from '../../src/load/report-bodies.ts';

const now = new Date('2026-11-20T12:00:00Z');

/** A committed catalogue of 2,100 files: enough for the loader to parse them on worker threads. */
async function committedCatalogue(): Promise<string> {
  const root = await writeContentTree({});
  await writeSyntheticContent(root, syntheticCatalogueInput({ landmarks: 100, reports: 2000, seed: 5 }));
  commitEverything(root, 'catalogue');
  return root;
}

const load = (root: string) => loadContent({ root, now, cacheDir: parseCacheDir(root) });

/**
 * Gives the shard file a first line naming other validation code, and entries no deserializer
 * could read, sealed with a digest that matches: only a shard read no further than its first line
 * is not called damaged.
 */
async function writtenByOtherCode(shard: string): Promise<void> {
  const bytes = await readFile(shard);
  const lineEnd = bytes.indexOf(0x0a, 32);
  const [name, fingerprint] = bytes.toString('utf8', 32, lineEnd).split(' ');
  const other = '0'.repeat(fingerprint!.length);
  const sealed = Buffer.concat([Buffer.from(`${name} ${other}\n`), Buffer.from('not entries of any format')]);
  await writeFile(shard, Buffer.concat([createHash('sha256').update(sealed).digest(), sealed]));
}

/** Gives the shard entries that are not lines of JSON, sealed with its own header line and a digest that matches. */
async function sealedWithEntriesNotJson(shard: string): Promise<void> {
  const bytes = await readFile(shard);
  const header = bytes.subarray(32, bytes.indexOf(0x0a, 32) + 1);
  const sealed = Buffer.concat([header, Buffer.from('"content/a.md\\n"\n"' + 'a'.repeat(40) + '\\n"\n{"problems": [\n')]);
  await writeFile(shard, Buffer.concat([createHash('sha256').update(sealed).digest(), sealed]));
}

const shardFiles = async (root: string) => (await readdir(parseCacheDir(root))).filter((name) => name.endsWith('.bin')).map((name) => path.join(parseCacheDir(root), name));

describe('the parse cache', () => {
  it('gives the same content as parsing every file, and re-reads only the files that changed', async () => {
    const root = await committedCatalogue();
    const cold = await load(root);
    expect(cold.problems).toEqual([]);
    expect(cold.cache?.hits).toBe(0);
    expect(cold.content.reports).toHaveLength(2000);

    const warm = await load(root);
    expect(warm.cache?.hits).toBe(2100);
    expect(warm.content).toStrictEqual(cold.content);

    // An edit not yet committed, and one committed: each is parsed again, from its new bytes.
    const [first, second] = cold.content.reports;
    await appendFile(path.join(root, first!.file), 'Edited, not committed.\n');
    await appendFile(path.join(root, second!.file), 'Edited and committed.\n');
    git(root, 'commit', '-q', '-m', 'edit', '--', second!.file);
    const edited = await load(root);
    expect(edited.cache?.hits).toBe(2098);
    const byId = new Map(edited.content.reports.map((report) => [report.id, report]));
    expect(byId.get(first!.id)?.blobId).not.toBe(first!.blobId);
    expect(byId.get(second!.id)?.blobId).not.toBe(second!.blobId);
    const bodyOf = reportBodiesIn(root);
    expect(bodyOf({ id: first!.id, landmark: { slug: first!.landmarkSlug } })).toMatch(/Edited, not committed\.$/);
    expect(bodyOf({ id: second!.id, landmark: { slug: second!.landmarkSlug } })).toMatch(/Edited and committed\.$/);
  });

  it('is looked up only once it holds shards, and a cold load gives the blob ids git has', async () => {
    const root = await committedCatalogue();
    expect(parseCacheHoldsUsableShards(parseCacheDir(root))).toBe(false);
    const cold = await load(root);
    expect(parseCacheHoldsUsableShards(parseCacheDir(root))).toBe(true);
    // Without git's listing, each file's id is hashed from the bytes the worker parsed: the same id.
    const { file, blobId } = cold.content.reports[0]!;
    expect(blobId).toBe(git(root, 'rev-parse', `HEAD:${file}`).trim());
  });

  it('is not looked up when every shard was written by other validation code, as after pulling new code', async () => {
    const root = await committedCatalogue();
    const cold = await load(root);
    const shards = await shardFiles(root);
    await writtenByOtherCode(shards[0]!);
    // One shard of this code's left: the others' files are worth looking up.
    expect(parseCacheHoldsUsableShards(parseCacheDir(root))).toBe(true);
    for (const shard of shards.slice(1)) await writtenByOtherCode(shard);
    expect(parseCacheHoldsUsableShards(parseCacheDir(root))).toBe(false);

    const after = await load(root);
    expect(after.cache?.hits).toBe(0);
    expect(after.content).toEqual(cold.content);
    // Written again by this code, and looked up from then on.
    expect(parseCacheHoldsUsableShards(parseCacheDir(root))).toBe(true);
    expect((await load(root)).cache?.hits).toBe(2100);
  });

  it('parses a renamed file again under its new path, though its bytes are the same', async () => {
    const root = await committedCatalogue();
    const cold = await load(root);
    const moved = cold.content.reports[0]!;
    const newId = 'zzzzzzzzzz';
    await rename(path.join(root, moved.file), path.join(root, path.dirname(moved.file), `${newId}.md`));

    const after = await load(root);
    expect(after.cache?.hits).toBe(2099);
    const ids = after.content.reports.map((report) => report.id);
    expect(ids).toContain(newId);
    expect(ids).not.toContain(moved.id);
    expect(after.content.reports.find((report) => report.id === newId)?.frontmatter).toEqual(moved.frontmatter);
  });

  it('ignores a damaged shard, parsing its files again with the same result', async () => {
    const root = await committedCatalogue();
    const cold = await load(root);
    const shards = (await readdir(parseCacheDir(root))).filter((name) => name.endsWith('.bin'));
    expect(shards.length).toBeGreaterThan(1);
    const damaged = path.join(parseCacheDir(root), shards[0]!);
    await truncate(damaged, 100);

    const after = await load(root);
    expect(after.content).toEqual(cold.content);
    expect(after.cache?.hits).toBeLessThan(2100);
    expect(after.cache?.notes).toEqual([expect.stringMatching(/^ignored 1 damaged parse-cache shard\(s\) in .*; their files were parsed again$/)]);
    // The damaged shard was rewritten whole.
    expect((await load(root)).cache?.hits).toBe(2100);
  });

  it('ignores a shard sealed by this code whose entries do not read, parsing its files again', async () => {
    const root = await committedCatalogue();
    const cold = await load(root);
    await sealedWithEntriesNotJson((await shardFiles(root))[0]!);

    const after = await load(root);
    expect(after.problems).toEqual([]);
    expect(after.content).toStrictEqual(cold.content);
    expect(after.cache?.notes).toEqual([expect.stringMatching(/^ignored 1 damaged parse-cache shard\(s\) in .*; their files were parsed again$/)]);
    expect((await load(root)).cache?.hits).toBe(2100);
  });

  // A full disk is a device of Linux's (/dev/full refuses every write); elsewhere this test cannot be set up.
  it.runIf(existsSync('/dev/full'))('says it could not save the shards when the disk is full, and leaves the ones saved before intact', async () => {
    const root = await committedCatalogue();
    const cold = await load(root);
    const edited = cold.content.reports[0]!;
    await appendFile(path.join(root, edited.file), 'Edited.\n');
    // Each shard is written to a file of this process's beside it before it is renamed into place:
    // there, the disk is full.
    const incoming = (await shardFiles(root)).map((shard) => `${shard}.${process.pid}.incoming`);
    await Promise.all(incoming.map((file) => symlink('/dev/full', file)));
    const full = await load(root);
    expect(full.problems).toEqual([]);
    expect(full.content.reports.find(({ id }) => id === edited.id)?.blobId).not.toBe(edited.blobId);
    expect(full.cache?.notes).toEqual([expect.stringMatching(/^could not save the parse cache: .*ENOSPC/)]);

    await Promise.all(incoming.map((file) => rm(file, { force: true })));
    // The shards saved before are read as they were: only the edited file is parsed again.
    const after = await load(root);
    expect(after.cache?.notes).toEqual([]);
    expect(after.cache?.hits).toBe(2099);
    expect(after.content).toStrictEqual(full.content);
  });

  it('gives back the outcome of every bundled content file exactly as it was parsed', async () => {
    const projectRoot = path.resolve(import.meta.dirname, '../..');
    const files = (await fg('content/**/*.md', { cwd: projectRoot })).sort();
    expect(files.length).toBeGreaterThan(4000);
    const outcomes = files.map((file) => checkContentFile(file, readFileSync(path.join(projectRoot, file))));
    expect(outcomes.filter(({ problems }) => problems.length > 0)).toEqual([]);
    const dir = await mkdtemp(path.join(tmpdir(), 'parse-cache-'));
    const first = await openParseCache<FileOutcome>(dir);
    files.forEach((file, index) => first.set('e'.repeat(40), file, outcomes[index]!));
    await first.close();

    // Strictly: a key whose value is undefined, or a value JSON cannot hold, would read back otherwise.
    const next = await openParseCache<FileOutcome>(dir);
    expect(files.map((file) => next.get('e'.repeat(40), file))).toStrictEqual(outcomes);
  });

  it('ignores a shard written by other validation code from its first line, never reading its entries', async () => {
    const root = await committedCatalogue();
    const cold = await load(root);
    await writtenByOtherCode((await shardFiles(root))[0]!);

    const after = await load(root);
    expect(after.content).toEqual(cold.content);
    expect(after.cache?.hits).toBeLessThan(2100);
    expect(after.cache?.notes).toEqual(['ignored 1 parse-cache shard(s) written by other validation code']);
    // Written again by this code.
    expect((await load(root)).cache?.hits).toBe(2100);
  });

  it('never keeps a file with a problem: it is reported again on the next run', async () => {
    const root = await committedCatalogue();
    await load(root);
    const [reportFolder] = await readdir(path.join(root, 'content/reports'));
    const [reportFile] = await readdir(path.join(root, 'content/reports', reportFolder!));
    await appendFile(path.join(root, 'content/reports', reportFolder!, reportFile!), '<!-- an unclosed comment\n');
    const first = (await load(root)).problems.map(formatProblem);
    const second = (await load(root)).problems.map(formatProblem);
    expect(first).toEqual([expect.stringContaining('body: expected the comment opened by "<!--" to be closed')]);
    expect(second).toEqual(first);
  });

  it('finds a file only under its own path and bytes, and looked up out of path order, not at all', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'parse-cache-'));
    const files = Array.from({ length: 200 }, (_, index) => `content/reports/landmark-${index % 7}/${String(index).padStart(4, '0')}.md`).sort();
    const blobId = (file: string) => file.replace(/\D/g, '').padStart(40, '0');
    const outcome = (file: string) => ({ problems: [], kept: file }) as unknown as FileOutcome;
    const first = await openParseCache(dir);
    for (const file of files) first.set(blobId(file), file, outcome(file));
    await first.close();

    // In path order, with every other file gone and one file's bytes changed.
    const inOrder = await openParseCache(dir);
    const listed = files.filter((_, index) => index % 2 === 0);
    const found = listed.map((file, index) => inOrder.get(index === 5 ? '1'.repeat(40) : blobId(file), file));
    expect(found.map((item) => (item as unknown as { kept: string } | undefined)?.kept)).toEqual(listed.map((file, index) => (index === 5 ? undefined : file)));

    // Backwards: whatever is found is the file's own outcome, and a file passed is not found.
    const backwards = await openParseCache(dir);
    const results = [...files].reverse().map((file) => [file, (backwards.get(blobId(file), file) as unknown as { kept: string } | undefined)?.kept]);
    expect(results.filter(([file, kept]) => kept !== undefined && kept !== file)).toEqual([]);
    expect(backwards.hits).toBeLessThan(files.length);
  });

  it('gives each kept outcome as the opener took it, once per outcome, as its shard opens', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'parse-cache-'));
    const files = Array.from({ length: 40 }, (_, index) => `content/reports/landmark-${index % 4}/${String(index).padStart(4, '0')}.md`).sort();
    const blobId = 'c'.repeat(40);
    const first = await openParseCache(dir);
    for (const file of files) first.set(blobId, file, { problems: [], kept: file } as unknown as FileOutcome);
    await first.close();

    const takenFiles: string[] = [];
    const taking = await openParseCache<FileOutcome>(dir, (outcome) => {
      const kept = (outcome as unknown as { kept: string }).kept;
      takenFiles.push(kept);
      return { ...outcome, taken: kept } as unknown as FileOutcome;
    });
    expect([...takenFiles].sort()).toEqual(files);
    const found = files.map((file) => taking.get(blobId, file) as unknown as { kept: string; taken: string });
    expect(found.map(({ kept, taken }) => [kept, taken])).toEqual(files.map((file) => [file, file]));
    // Taken as the shards opened, not again when looked up.
    expect(takenFiles).toHaveLength(files.length);
  });

  it('keeps the last outcome given for a file, once, among the files added out of path order', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'parse-cache-'));
    const files = Array.from({ length: 50 }, (_, index) => `content/reports/landmark-${index % 3}/${String(index).padStart(4, '0')}.md`);
    const outcome = (kept: string) => ({ problems: [], kept }) as unknown as FileOutcome;
    const first = await openParseCache(dir);
    // Added in reverse, as parse workers may answer; the tenth file twice, with other bytes the second time.
    for (const file of [...files].reverse()) first.set('a'.repeat(40), file, outcome(file));
    first.set('b'.repeat(40), files[10]!, outcome('again'));
    await first.close();

    const next = await openParseCache(dir);
    const found = [...files].sort().map((file) => (next.get(file === files[10] ? 'b'.repeat(40) : 'a'.repeat(40), file) as unknown as { kept: string } | undefined)?.kept);
    expect(found).toEqual([...files].sort().map((file) => (file === files[10] ? 'again' : file)));
    // Looked up under the bytes it was first given, the file is not found: that entry was not kept.
    const older = await openParseCache(dir);
    expect(older.get('a'.repeat(40), files[10]!)).toBeUndefined();
  });
});
