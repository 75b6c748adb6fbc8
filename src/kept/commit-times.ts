import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { toTimestamp } from '../schema/calendar.ts';
import { sha256Hex, writeDigestFirst } from './digests.ts';
import { keptStore, keptStoreDir } from './kept-store.ts';

/** Each file's last commit time (ISO 8601, UTC, to the second) as of the commit `head` (read by load/git-history.ts). */
export interface CommitTimes {
  head: string;
  /** By path from the content root; files deleted since keep the time of their last change. */
  times: Map<string, string>;
}

/**
 * The commit times of the last build, kept between builds so the next one reads only the commits
 * since (git-history.ts). One text file: a line with the SHA-256 of the rest, a line naming the
 * format, the folder, the commit and the number of files, then a `path<TAB>seconds` line per file
 * (seconds since 1970). Each time is read back as one string per commit, as git's history gives
 * it: a string per file cut from the file's text would keep that whole text alive for as long as
 * the reports live (100 MB at a million, the whole build).
 * A file whose digest, header or count does not match is ignored, and the whole history is read
 * again: the file can make a build faster, never different.
 */

const formatVersion = 1;

/** Where the build keeps the commit times of a content tree. */
export const commitTimesFile = (root: string): string => path.join(keptStoreDir(root, 'commit-times'), 'times.txt');

/**
 * Where a rebuild keeps the commit times it read since the kept file's commit `head` (the same
 * format, its own commit the rebuild's): kept whole only by a full load, the file otherwise fell
 * behind by every commit merged since, and each rebuild read them all again, 0.1 s a commit at a
 * million reports. Named after the file's commit, so that a full load keeping the file anew leaves
 * it unused.
 */
export const commitTimesSinceFile = (file: string, head: string): string => path.join(path.dirname(file), `since-${head}.txt`);

/** Keeps the times read since the kept file's commit `head`, and removes those kept since an older one. */
export async function keepCommitTimesSince(file: string, folder: string, head: string, since: CommitTimes): Promise<void> {
  const kept = commitTimesSinceFile(file, head);
  await keepCommitTimes(kept, folder, since);
  const older = (await readdir(path.dirname(file))).filter((name) => name.startsWith('since-') && name !== path.basename(kept));
  await Promise.all(older.map((name) => rm(path.join(path.dirname(file), name), { force: true })));
}

/** The file's store: its format is written in the file's own header, beside the folder it times. */
const storeOf = (file: string) => keptStore(path.dirname(file), { format: formatVersion, fingerprint: '' });

/**
 * The kept file's bytes, when the digest, format and folder match. Read, hashed and searched as
 * bytes: read as text (which Node decodes piece by piece) and encoded again for the hash, its 57 MB
 * at a million reports took 0.8-0.9 s of a one-report rebuild's busy thread, against 0.1-0.3 s.
 */
async function verifiedBytes(file: string, folder: string): Promise<{ bytes: Buffer; head: string; count: string; linesStart: number } | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    return undefined;
  }
  const bodyStart = bytes.indexOf(lineBreak) + 1;
  if (bodyStart === 0 || sha256Hex(bytes.subarray(bodyStart)) !== bytes.toString('latin1', 0, bodyStart - 1)) return undefined;
  const headerEnd = bytes.indexOf(lineBreak, bodyStart);
  const expected = `commit-times ${formatVersion} ${folder} `;
  const header = bytes.toString('utf8', bodyStart, headerEnd);
  if (headerEnd === -1 || !header.startsWith(expected)) return undefined;
  const [head, count] = header.slice(expected.length).split(' ');
  if (!head || count === undefined) return undefined;
  return { bytes, head, count, linesStart: headerEnd + 1 };
}

const lineBreak = 0x0a;

/** The kept file, read and checked once; its times then taken for some files or all of them. */
export interface KeptCommitTimesFile {
  head: string;
  /**
   * The kept times of `files` only, each found in the file's bytes: for a few files, far cheaper
   * than a map of a million (the kept catalogue asks for those of the reports it reads again).
   * Files the kept times do not name are absent, as they are from the whole map.
   */
  timesOf(files: readonly string[]): CommitTimes | undefined;
  all(): CommitTimes | undefined;
}

export async function openKeptCommitTimes(file: string, folder: string): Promise<KeptCommitTimesFile | undefined> {
  const verified = await verifiedBytes(file, folder);
  if (!verified) return undefined;
  const { bytes, head, count, linesStart } = verified;
  return {
    head,
    timesOf(files) {
      const times = new Map<string, string>();
      for (const wanted of files) {
        // From the header's line break, so that the first line is found like any other.
        const line = Buffer.from(`\n${wanted}\t`);
        const start = bytes.indexOf(line, linesStart - 1);
        if (start === -1) continue;
        const seconds = Number(bytes.toString('latin1', start + line.length, bytes.indexOf(lineBreak, start + line.length)));
        if (!Number.isSafeInteger(seconds)) return undefined;
        times.set(wanted, toTimestamp(seconds * 1000));
      }
      return { head, times };
    },
    all() {
      const text = bytes.toString('utf8', linesStart);
      const times = new Map<string, string>();
      const timeOf = new Map<number, string>();
      for (let start = 0, end = text.indexOf('\n', start); end !== -1; start = end + 1, end = text.indexOf('\n', start)) {
        const tab = text.indexOf('\t', start);
        const seconds = Number(text.slice(tab + 1, end));
        if (tab === -1 || tab > end || !Number.isSafeInteger(seconds)) return undefined;
        let time = timeOf.get(seconds);
        if (time === undefined) timeOf.set(seconds, (time = toTimestamp(seconds * 1000)));
        times.set(text.slice(start, tab), time);
      }
      return String(times.size) === count ? { head, times } : undefined;
    },
  };
}

export async function readKeptCommitTimes(file: string, folder: string): Promise<CommitTimes | undefined> {
  return (await openKeptCommitTimes(file, folder))?.all();
}

/**
 * Replaces the file with these times, written a few thousand lines at a time: the whole text at
 * once would be another hundred megabytes at a million files. Times with a path holding a tab or
 * a line break (no content file does) are not kept at all: the file is left as the run before
 * wrote it, if any, and the next build reads again the commits since that run (or the whole
 * history), which gives the same times.
 */
export async function keepCommitTimes(file: string, folder: string, { head, times }: CommitTimes): Promise<void> {
  const store = storeOf(file);
  store.removeAbandoned();
  await store.writeThrough(path.basename(file), async (handle) => {
    let keepable = true;
    function* pieces() {
      yield `commit-times ${formatVersion} ${folder} ${head} ${times.size}\n`;
      const lines: string[] = [];
      for (const [name, time] of times) {
        if (/[\t\n]/.test(name)) {
          keepable = false;
          return;
        }
        lines.push(`${name}\t${Date.parse(time) / 1000}\n`);
        if (lines.length === linesPerWrite) yield lines.splice(0).join('');
      }
      yield lines.join('');
    }
    // The digest goes first, once the rest is written.
    await writeDigestFirst(handle, digestLine.length, pieces(), (digest) => Buffer.from(`${digest.toString('hex')}\n`));
    return keepable;
  });
}

const digestLine = `${'0'.repeat(64)}\n`;
const linesPerWrite = 4096;
