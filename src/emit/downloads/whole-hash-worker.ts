// The thread of whole-hashes.ts: hashes each list of files it is sent, joined in order, and says
// the SHA-256 or why the files could not be read. Told where the last build's downloads are, it
// hashes their parts meanwhile, whenever nothing is asked of it, keeping the hash's state after
// each part with the identity the part had (see fileIdentity in digests.ts). A whole asked for
// later starts from the state after its longest run of first parts that still have those
// identities: a part a rebuild reuses is a link to the same file, and a one-report rebuild at a
// million reports changes one part in the middle of each large download.
import { createHash, type Hash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { partFileName } from '../../formats/download-resources.ts';
import { feedFile, fileIdentityOf, settledIdentity } from '../../kept/digests.ts';
import { partsBefore } from './parts-before.ts';
import type { ReadAheadDownload, WholeHashAnswer, WholeHashMessage } from './whole-hashes.ts';

const buffer = new Uint8Array(1024 * 1024);

/** The last build's parts of a download, and the hash's state after each of those read so far. */
interface LastParts {
  files: string[];
  read: { identity: string; after: Hash }[];
  running: Hash;
}

/** By download file name, in the order they are read: the order in which their wholes will be asked for. */
const lastParts = new Map<string, LastParts>();

/** Feeds the file to the hash; returns its identity as read, unless it changed meanwhile or was modified too recently to tell (settledIdentity). */
function feedWhole(file: string, hash: Hash): string | undefined {
  const descriptor = openSync(file, 'r');
  try {
    const before = settledIdentity(fstatSync(descriptor, { bigint: true }));
    feedFile(descriptor, buffer, [hash]);
    return before === settledIdentity(fstatSync(descriptor, { bigint: true })) ? before : undefined;
  } finally {
    closeSync(descriptor);
  }
}

/** Reads the next part of the first download not read to its end; says whether any is left. */
function readAheadOnePart(): boolean {
  for (const [name, last] of lastParts) {
    if (last.read.length === last.files.length) continue;
    let identity: string | undefined;
    try {
      identity = feedWhole(last.files[last.read.length]!, last.running);
    } catch {
      // Only a faster hash depends on it: what was read stands, the rest is hashed when asked for.
    }
    if (identity === undefined) last.files.length = last.read.length;
    else last.read.push({ identity, after: last.running.copy() });
    if (last.read.length === last.files.length && last.read.length === 0) lastParts.delete(name);
    return true;
  }
  return false;
}

const answer = (message: WholeHashAnswer) => parentPort?.postMessage(message);

/** The requests to read ahead, answered once nothing is left to read. */
const readingAhead: number[] = [];
/** One part at a time, so that a whole asked for meanwhile waits for one part at most. */
function readAhead(id: number): void {
  readingAhead.push(id);
  if (readingAhead.length > 1) return;
  const step = () => {
    if (readAheadOnePart()) setImmediate(step);
    else for (const done of readingAhead.splice(0)) answer({ id: done, readAhead: true });
  };
  setImmediate(step);
}

/**
 * The last build's parts of each download (part-001, part-002, … as long as they follow); with
 * the first report the rebuild changes, only those before the part holding it: in one of three
 * rebuilds counted at a million reports, the parts read past it, about half of each download,
 * were 1.6 GB of SHA-256 for nothing.
 */
function noteLastParts(directory: string, downloads: readonly ReadAheadDownload[], firstChangedReport: string | undefined): void {
  let present: Set<string>;
  try {
    present = new Set(readdirSync(directory));
  } catch {
    return; // no site published yet: nothing to read ahead
  }
  for (const { fileName, table } of downloads) {
    const files: string[] = [];
    while (present.has(partFileName(fileName, files.length + 1))) files.push(path.join(directory, partFileName(fileName, files.length + 1)));
    if (firstChangedReport !== undefined) files.length = partsBefore(files, table, firstChangedReport);
    if (files.length > 0) lastParts.set(fileName, { files, read: [], running: createHash('sha256') });
  }
}

/** The whole's hash: from the state after the last build's parts these files still are, then the rest read. */
function wholeHash(name: string, files: readonly string[]): string {
  const last = lastParts.get(name);
  lastParts.delete(name);
  let same = 0;
  while (last && same < last.read.length && same < files.length && fileIdentityOf(files[same]!) === last.read[same]!.identity) same++;
  const hash = same > 0 ? last!.read[same - 1]!.after : createHash('sha256');
  for (const file of files.slice(same)) feedWhole(file, hash);
  return hash.digest('hex');
}

parentPort?.on('message', (message: WholeHashMessage) => {
  if ('lastDirectory' in message) {
    noteLastParts(message.lastDirectory, message.downloads, message.firstChangedReport);
    return readAhead(message.id);
  }
  try {
    answer({ id: message.id, sha256: wholeHash(message.name, message.files) });
  } catch (error) {
    answer({ id: message.id, error: `could not hash the download's parts: ${(error as Error).message}` });
  }
});
