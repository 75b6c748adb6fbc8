import { lstatSync, readdirSync, readFileSync, type Stats } from 'node:fs';
import path from 'node:path';
import { commitTimesSinceFile, keepCommitTimes, keepCommitTimesSince, openKeptCommitTimes, readKeptCommitTimes } from '../kept/commit-times.ts';
import { openParseCache, parseCacheHoldsUsableShards } from '../kept/parse-cache.ts';
import { recordValueSharing } from './shared-record-values.ts';
import { unchangedBlobIds } from './blob-ids.ts';
import type { FileOutcome } from './check-content-file.ts';
import { crossCheck, type UnlocatedProblem } from './cross-checks.ts';
import { lastCommitTimes, noteCommitTime } from './git-history.ts';
import { locateProblems } from './locate-problems.ts';
import type { BodySpool } from './body-spool.ts';
import { parseContentFiles, type ParsedFiles } from './parse-files.ts';
import { sortProblems, startOfFile, type Problem } from './problem.ts';
import type { Content, ReportRecord } from './records.ts';

export interface LoadOptions {
  /** The repository (or fixture) root holding `content/`. */
  root: string;
  /** The clock, for "no dates in the future". */
  now: Date;
  /**
   * Read each report's last commit time from git (one `git log`, slower on a long history).
   * The build needs it for `updatedAt`; validation does not.
   */
  readCommitTimes?: boolean;
  /**
   * A file keeping the commit times between runs (the build uses `.cache/commit-times`), so that
   * only the commits since the last run are read. Notes about it join the parse cache's.
   */
  commitTimesFile?: string;
  /**
   * A folder for the parse cache (the build and `npm run validate` use `.cache/parsed-content`):
   * files unchanged since a previous run are taken from it instead of parsed again.
   */
  cacheDir?: string;
  /**
   * A folder for the scratch files of a body spool (body-spool.ts): the build publishes every
   * report's body several times, and reads it from there rather than from its file each time.
   */
  bodySpoolDir?: string;
}

export interface LoadResult {
  content: Content;
  /** Every problem in every file; the content is publishable only when this is empty. */
  problems: Problem[];
  /** How many of the files checked were taken from the parse cache, and anything about it worth printing. */
  cache?: { files: number; hits: number; notes: string[] };
  /** The bodies of the reports parsed in worker threads, when asked for (bodySpoolDir); the caller closes it. */
  bodySpool?: BodySpool;
}

/** "1,000 files, 998 unchanged since the last run" and any note about the cache, for the commands to print. */
export function parsingInWords(cache: NonNullable<LoadResult['cache']>): string {
  const reuse = `${cache.files.toLocaleString('en')} files, ${cache.hits.toLocaleString('en')} unchanged since the last run`;
  return [reuse, ...cache.notes].join('; ');
}

/** Reads, parses and validates every file under `content/`, collecting all problems in one pass. */
export async function loadContent({ root, now, readCommitTimes = true, commitTimesFile, cacheDir, bodySpoolDir }: LoadOptions): Promise<LoadResult> {
  const history = readCommitTimes ? reportCommitTimes(root, commitTimesFile) : Promise.resolve({ times: new Map<string, string>(), notes: [] });
  const { files, problems } = listContentFiles(root);
  const [{ outcomes, blobIds, cache, bodySpool }, { times: commitTimes, notes: historyNotes }] = await Promise.all([outcomesOf(root, files, cacheDir, bodySpoolDir), history]);
  cache?.notes.push(...historyNotes);

  const content: Content = { landmarks: [], reports: [] };
  for (const [index, { problems: own, landmark, report }] of outcomes.entries()) {
    if (own.length > 0) problems.push(...own);
    const blobId = blobIds[index];
    // Completed in place rather than copied: a million copies would briefly double the memory.
    if (landmark) {
      if (blobId !== undefined) landmark.blobId = blobId;
      content.landmarks.push(landmark);
    }
    if (report) {
      const record: ReportRecord = report;
      record.committedAt = commitTimes.get(report.file);
      if (blobId !== undefined) record.blobId = blobId;
      content.reports.push(record);
    }
  }

  // Order records so everything derived from them is deterministic.
  content.landmarks.sort((a, b) => (a.slug < b.slug ? -1 : 1));
  content.reports.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.file < b.file ? -1 : 1));
  let acrossFiles: UnlocatedProblem[];
  try {
    acrossFiles = crossCheck(content, now);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    acrossFiles = [{ file: 'content', field: 'content', message: `expected the checks across files to finish; got an error: ${reason} (report this as a bug in the validator)` }];
  }
  problems.push(...locateProblems(acrossFiles, (file) => readIfPossible(path.join(root, file))));
  return { content, problems: sortProblems(problems), ...(cache ? { cache } : {}), ...(bodySpool ? { bodySpool } : {}) };
}

const reportsFolder = 'content/reports';

/**
 * Each report's last commit time, by path. With a file kept by the last run, only the commits
 * since are read from git, and the file is brought up to date for the next run.
 */
async function reportCommitTimes(root: string, keptIn: string | undefined): Promise<{ times: Map<string, string>; notes: string[] }> {
  const known = keptIn ? await readKeptCommitTimes(keptIn, reportsFolder) : undefined;
  const current = await lastCommitTimes(root, reportsFolder, known);
  const notes: string[] = [];
  // The file only speeds up the next run: failing to write it is worth a note, not a failed build.
  if (keptIn && current && current !== known) {
    await keepCommitTimes(keptIn, reportsFolder, current).catch((error: Error) => notes.push(`could not keep the commit times: ${error.message.split('\n')[0]}`));
  }
  return { times: current?.times ?? new Map(), notes };
}

/**
 * Up to this many files, their kept times are looked up in the kept text one by one (0.24 s for
 * ten files of a million, 0.64 s for a hundred), rather than all read into a map (0.88 s).
 */
const filesLookedUp = 100;

/**
 * The last commit times of some report files, as reportCommitTimes gives them: their kept times
 * and the commits since. Begun before the files are known: the kept file is read and git lists the
 * commits since it while a rebuild reads its kept catalogue, where both took a second after it at
 * a million reports. The file is left for the next full load to bring up to date; the times read
 * since it are kept beside it (commitTimesSinceFile), so that the next rebuild reads only its own.
 */
export function reportCommitTimesAhead(root: string, keptIn: string): (files: readonly string[]) => Promise<Map<string, string>> {
  const kept = openKeptCommitTimes(keptIn, reportsFolder);
  // The commits since the kept file's, as the last rebuild read them; lastCommitTimes extends
  // their map with those since when it read only those.
  const since = kept.then(async (file) => file && ((await readKeptCommitTimes(commitTimesSinceFile(keptIn, file.head), reportsFolder)) ?? { head: file.head, times: new Map<string, string>() }));
  const current = since.then((known) => lastCommitTimes(root, reportsFolder, known));
  // None may fail unhandled while the kept catalogue is read; each is awaited below.
  current.catch(() => {});
  return async (files) => {
    const [file, known, latest] = await Promise.all([kept, since, current]);
    if (!latest) return new Map();
    if (!file || !known || latest.times !== known.times) return latest.times; // the whole history, read again
    // The file only speeds up the next build: one it could not keep reads these commits again.
    if (latest.head !== known.head) await keepCommitTimesSince(keptIn, reportsFolder, file.head, latest).catch(() => {});
    const keptTimes = files.length <= filesLookedUp ? file.timesOf(files) : file.all();
    // A kept line that does not read as a time: the whole history, as without a kept file.
    if (!keptTimes) return (await lastCommitTimes(root, reportsFolder))?.times ?? new Map();
    const times = keptTimes.times;
    for (const [name, time] of latest.times) noteCommitTime(times, name, time);
    return times;
  };
}

/**
 * The files under `content/`, sorted, and a problem for each symbolic link. Links are listed, not
 * followed: a link in a pull request could otherwise publish any file of the machine that builds it.
 * A plain walk of the folders: on 1.1 million files it took 1.8 s where a glob took 6.7 s.
 */
function listContentFiles(root: string): { files: string[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const file = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(file);
      else if (entry.isSymbolicLink()) problems.push({ file, ...startOfFile, field: 'file', message: 'expected a regular file; got a symbolic link (replace it with the file itself)' });
      else files.push(file);
    }
  };
  const top = lstatIfAny(path.join(root, 'content'));
  if (top?.isSymbolicLink()) problems.push({ file: 'content', ...startOfFile, field: 'file', message: 'expected a folder; got a symbolic link (replace it with the folder itself)' });
  else if (top?.isDirectory()) walk('content');
  files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { files, problems };
}

/**
 * Each file's outcome and blob id, from the parse cache when its bytes are unchanged. The cache is
 * saved and let go of before this returns, with git's list of blob ids: on a million files each
 * holds a million keys, memory the rest of the load needs.
 */
async function outcomesOf(root: string, files: readonly string[], cacheDir: string | undefined, bodySpoolDir: string | undefined): Promise<ParsedFiles & { cache?: NonNullable<LoadResult['cache']> }> {
  // git's ids only find files in the cache: without a shard of this code's (a cold build, or the
  // first after the validation code changed), listing them and having git compare every file with
  // its index only delayed the parse (a cold build of 100k files took about 1 s longer, see
  // docs/performance-history.md). git's ids come as a list in the files' order, with no map by
  // path beside the opening cache (see unchangedBlobIds).
  const lookUp = cacheDir !== undefined && parseCacheHoldsUsableShards(cacheDir);
  // One table of shared values for the outcomes from the cache, shared as each shard opens, and those parsed.
  const share = recordValueSharing();
  const [knownBlobIds, cache] = await Promise.all([
    lookUp ? unchangedBlobIds(root, 'content', files) : undefined,
    cacheDir ? openParseCache<FileOutcome>(cacheDir, share) : undefined,
  ]);
  const parsed = await parseContentFiles(root, files, { knownBlobIds, cache, share, bodySpoolDir });
  if (!cache) return parsed;
  // Saved before loadContent gives the records their commit times and blob ids, which the cache
  // need not hold: the history is not the file, and the blob id is the cache's key. The cache only
  // speeds up the next run: failing to write it is worth a note, not a failed build.
  const notes = [...cache.notes];
  await cache.close().catch((error: Error) => notes.push(`could not save the parse cache: ${error.message.split('\n')[0]}`));
  return { ...parsed, cache: { files: files.length, hits: cache.hits, notes } };
}

function lstatIfAny(file: string): Stats | undefined {
  try {
    return lstatSync(file);
  } catch {
    return undefined; // no content folder: nothing to list, and the checks across files say what is missing
  }
}

/** A file's bytes, or nothing when it cannot be read: the caller then locates at the start of the file. */
export function readIfPossible(file: string): Uint8Array | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}
