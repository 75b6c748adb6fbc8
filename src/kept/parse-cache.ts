import { closeSync, openSync, readSync } from 'node:fs';
import { bucketOf } from '../domain/buckets.ts';
import { sha256Bytes, writeDigestFirst } from './digests.ts';
import { codeFingerprint, type SourceLayer } from './fingerprint.ts';
import { keptStore, keptStoreDir } from './kept-store.ts';
import { reusedBufferReads } from './reused-buffers.ts';

/**
 * Outcomes of files that passed their own checks, kept between runs under the id of their bytes
 * and their path (what the outcome depends on), so a rebuild after a few edits parses only those.
 *
 * The cache is split into 16 shards by path, each stored as a SHA-256 digest, a line naming the
 * validation code that wrote it (its fingerprint, which folds in this format), and its entries as
 * lines of JSON (storedLines below). A shard written by other code is ignored as soon as its line
 * is read, and one whose digest does not match (a truncated or corrupt file) once it is hashed;
 * either way its files are parsed again: a cache can make a build faster, never different. The
 * line comes first because after any change to that code every shard is stale: checked inside the
 * entries, a million of them were read only to be dropped, 13 s of the first build after the change.
 *
 * A shard holds its entries in path order: its paths as one text, a line each, and their blob
 * ids as another. Files are looked up in path order too (the loaders list them sorted), so each
 * lookup compares the next entries in place: no key, map or string per file. Keyed by
 * `blobId path` in a map, the cache of a million files took 4.6 s longer to open, search and save
 * (three runs each, alternating), in the strings, the map and the collection they caused.
 */
export interface ParseCache<Outcome> {
  /**
   * The outcome kept for this file with these bytes. Files must be looked up in ascending path
   * order: one that comes out of order is not found, and is parsed again.
   */
  get(blobId: string, file: string): Outcome | undefined;
  set(blobId: string, file: string, outcome: Outcome): void;
  /**
   * Writes the shards that changed, without the entries this run did not use, and lets go of all
   * entries (a million on a large catalogue): the cache is not used afterwards.
   */
  close(): Promise<void>;
  /** What was ignored when opening, in words, for the command to print. */
  readonly notes: string[];
  readonly hits: number;
  /** True when no previous run left anything to reuse. */
  readonly isEmpty: boolean;
}

/** Where the build and `npm run validate` keep the parse cache of a content tree. */
export const parseCacheDir = (root: string): string => keptStoreDir(root, 'parsed-content');

const shardCount = 16;
const digestBytes = 32;
const formatVersion = 6;

/** Entries as three lists: entry i is the i-th of each. */
interface StoredLists<Outcome> {
  files: string[];
  blobIds: string[];
  outcomes: Outcome[];
}

/** A shard as stored: entry i has the i-th line of `paths`, of `blobIds` and the i-th outcome. */
interface StoredShard<Outcome> {
  paths: string;
  blobIds: string;
  outcomes: Outcome[];
}

interface Shard<Outcome> extends StoredShard<Outcome> {
  /** Where each entry's line starts in `paths` and in `blobIds`, and where a next one would. */
  pathStarts: Uint32Array;
  idStarts: Uint32Array;
  /** The first entry not yet passed by a lookup. */
  next: number;
  /** 1 for each entry this run took. */
  used: Uint8Array;
  /**
   * Entries this run added, in the order added: entry i is the i-th of each list. Lists, not a
   * map of objects: a cold build adds a million, still held when the cache is saved, at the load's
   * peak of memory, where an entry and an object each took about 90 MB more.
   */
  added: StoredLists<Outcome>;
  changed: boolean;
}

const emptyShard = <Outcome>(): StoredShard<Outcome> => ({ paths: '', blobIds: '', outcomes: [] });

/**
 * The shard a path is kept in, by the hash the API's buckets use. Not in the fingerprint: were it
 * to change, lookups would miss and parse again, never take another file's outcome.
 */
const shardOf = (file: string): number => bucketOf(file, shardCount);

const shardName = (index: number) => `shard-${index.toString(16)}.bin`;

/** Where each of the text's lines starts, and where a next one would; undefined unless it has `count` lines. */
function lineStarts(text: string, count: number): Uint32Array | undefined {
  const starts = new Uint32Array(count + 1);
  for (let index = 1; index <= count; index++) {
    const end = text.indexOf('\n', starts[index - 1]!);
    if (end === -1) return undefined;
    starts[index] = end + 1;
  }
  return starts[count] === text.length ? starts : undefined;
}

/** The shard ready for lookups, or undefined when its parts disagree (as many lines as outcomes in each text). */
function openedShard<Outcome>(stored: StoredShard<Outcome>, changed: boolean): Shard<Outcome> | undefined {
  const count = stored.outcomes.length;
  const pathStarts = lineStarts(stored.paths, count);
  const idStarts = lineStarts(stored.blobIds, count);
  if (!pathStarts || !idStarts) return undefined;
  return { ...stored, pathStarts, idStarts, next: 0, used: new Uint8Array(count), added: { files: [], blobIds: [], outcomes: [] }, changed };
}

const lineAt = (text: string, starts: Uint32Array, entry: number) => text.slice(starts[entry], starts[entry + 1]! - 1);

/** True when `text`'s line from `starts[entry]` is `value`, compared in place. */
const lineIs = (text: string, starts: Uint32Array, entry: number, value: string) =>
  starts[entry + 1]! - starts[entry]! === value.length + 1 && text.startsWith(value, starts[entry]);

/**
 * The code an outcome depends on: the loader's, this store's and the schemas', and the model's
 * they import (slugs fold letters as search does).
 */
export const parseCacheCodeLayers = ['schema', 'domain', 'kept', 'load'] as const satisfies readonly SourceLayer[];

/**
 * Everything an outcome depends on besides the file: the code of parseCacheCodeLayers and the
 * locked dependency versions (yaml, zod). Any change to them starts a fresh cache.
 */
let fingerprintOfThisCode: string | undefined;
/**
 * Reckoned once per process: a load asks whether the cache is worth looking up, then opens it, and
 * each time this read every source file of the layers and the lock file again. It names the code
 * this process runs, which is loaded once too.
 */
const validatorFingerprint = () => (fingerprintOfThisCode ??= codeFingerprint(parseCacheCodeLayers, [`parse-cache ${formatVersion}`]));

/** The line after a shard's digest: the fingerprint of the code that wrote it, which folds in the format. */
const headerOf = (fingerprint: string): Buffer => Buffer.from(`parse-cache ${fingerprint}\n`);

/** Whether a shard's first bytes (its digest, then its first line) name the code whose line is `header`. */
const writtenWith = (start: Buffer, header: Buffer): boolean => start.byteLength >= digestBytes + header.byteLength && start.subarray(digestBytes, digestBytes + header.byteLength).equals(header);

async function readShard<Outcome>(file: string, header: Buffer, read: (file: string) => Promise<Buffer | undefined>, taken: (outcome: Outcome) => Outcome): Promise<Shard<Outcome> | 'missing' | 'corrupt' | 'stale'> {
  const bytes = await read(file);
  if (!bytes) return 'missing';
  if (bytes.byteLength < digestBytes + header.byteLength) return 'corrupt'; // cut short
  // Another format or other code (or a line damaged beyond reading): nothing more is read of it.
  if (!writtenWith(bytes, header)) return 'stale';
  const sealed = bytes.subarray(digestBytes);
  if (!sha256Bytes(sealed).equals(bytes.subarray(0, digestBytes))) return 'corrupt';
  const stored = storedShardOf<Outcome>(sealed.subarray(header.byteLength), taken);
  return (stored && openedShard(stored, false)) ?? 'corrupt';
}

/**
 * A shard's entries as stored: its paths' lines as one JSON string, its blob ids' as another,
 * then each outcome, a line of JSON each. Outcomes are plain data (strings, numbers, booleans,
 * arrays and objects, check-content-file.ts), which JSON gives back as they were.
 *
 * Not v8.serialize, which the cache used until 2026-12-07: it hands each shard back as one Buffer,
 * memory outside V8's heap, and a cold build saves the cache with a million reports' records in
 * the heap. V8 answered every 64 MB of those buffers by marking the whole heap again (1.4 GB at a
 * million reports). Written in pieces of text instead, a shard makes only short-lived strings,
 * which the young generation's collections free; and JSON is quicker to write than v8's format and
 * as quick to read (docs/performance.md, "The parse cache written as lines of JSON").
 */
function* storedLines(shard: StoredShard<unknown>): Generator<string> {
  yield JSON.stringify(shard.paths);
  yield JSON.stringify(shard.blobIds);
  for (const outcome of shard.outcomes) yield JSON.stringify(outcome);
}

/** The entries of storedLines' lines, each outcome passed through `taken`; undefined when they do not read as such. */
function storedShardOf<Outcome>(bytes: Buffer, taken: (outcome: Outcome) => Outcome): StoredShard<Outcome> | undefined {
  const values: unknown[] = [];
  const outcomes: Outcome[] = [];
  try {
    // Each line decoded and parsed apart: the values copy what they need out of the buffer, so the next read may overwrite it.
    for (let start = 0; start < bytes.byteLength; ) {
      const end = bytes.indexOf(0x0a, start);
      if (end === -1) return undefined; // cut short
      const value: unknown = JSON.parse(bytes.toString('utf8', start, end));
      if (values.length < 2) values.push(value);
      else outcomes.push(taken(value as Outcome));
      start = end + 1;
    }
  } catch {
    return undefined;
  }
  const [paths, blobIds] = values;
  if (typeof paths !== 'string' || typeof blobIds !== 'string') return undefined;
  return { paths, blobIds, outcomes };
}

/** Characters of JSON per write: strings short-lived enough for the young generation's collections to free. */
const pieceChars = 64 * 1024;

/** The shard's header line, then its lines joined into pieces of about `pieceChars`, made as they are asked for. */
function* shardPieces(header: Buffer, shard: StoredShard<unknown>): Generator<string | Buffer> {
  yield header;
  let piece = '';
  for (const line of storedLines(shard)) {
    piece += `${line}\n`;
    if (piece.length < pieceChars) continue;
    yield piece;
    piece = '';
  }
  yield piece;
}

/**
 * Whether `dir` holds a shard this code wrote, read no further than its first line: without one
 * (a first build, `.cache/` wiped, or every shard written by other code, as in the first build
 * after pulling new code) no file can be found in the cache, so nothing is worth looking up in it.
 * Asked of any shard at all, the loader had git list a million files' ids and compare each working
 * copy with its index (4.9 s, 7 s of CPU and 68 MB held through the parse) for a cache it dropped.
 */
export function parseCacheHoldsUsableShards(dir: string): boolean {
  const store = keptStore(dir, { format: formatVersion, fingerprint: '' });
  const header = headerOf(validatorFingerprint());
  const start = Buffer.alloc(digestBytes + header.byteLength);
  return Array.from({ length: shardCount }, (_, index) => store.file(shardName(index))).some((file) => {
    let descriptor: number;
    try {
      descriptor = openSync(file, 'r');
    } catch {
      return false; // none kept under this name
    }
    try {
      return writtenWith(start.subarray(0, readSync(descriptor, start, 0, start.byteLength, 0)), header);
    } catch {
      return false; // unreadable: opening the cache finds it damaged
    } finally {
      closeSync(descriptor);
    }
  });
}

/**
 * Opens the cache in `dir`. Every shard is read as it opens, and each of its outcomes passed
 * through `taken` then (the loader gives them the values records share, shared-record-values.ts),
 * before the next shard is read: at a million files the outcomes of all the shards at once, each
 * with its own copy of every string, were the peak of the first build after `npm run validate`.
 */
export async function openParseCache<Outcome>(dir: string, taken: (outcome: Outcome) => Outcome = (outcome) => outcome): Promise<ParseCache<Outcome>> {
  const header = headerOf(validatorFingerprint());
  // The fingerprint is checked in each shard, so that a stale one is told from a damaged one.
  const store = keptStore(dir, { format: formatVersion, fingerprint: '' });
  store.removeAbandoned();
  const notes: string[] = [];
  const shards: Shard<Outcome>[] = [];
  const ignored = { corrupt: 0, stale: 0 };
  // One buffer, grown to the largest shard (reused-buffers.ts).
  const reader = reusedBufferReads(1);
  for (let index = 0; index < shardCount; index++) {
    const read = await readShard<Outcome>(store.file(shardName(index)), header, reader, taken);
    if (read === 'corrupt' || read === 'stale') ignored[read]++;
    shards.push(typeof read === 'object' ? read : openedShard(emptyShard<Outcome>(), read !== 'missing')!);
  }
  if (ignored.corrupt > 0) notes.push(`ignored ${ignored.corrupt} damaged parse-cache shard(s) in ${dir}; their files were parsed again`);
  if (ignored.stale > 0 && ignored.stale < shardCount) notes.push(`ignored ${ignored.stale} parse-cache shard(s) written by other validation code`);

  let hits = 0;
  const isEmpty = shards.every((shard) => shard.outcomes.length === 0);
  return {
    notes,
    isEmpty,
    get hits() {
      return hits;
    },
    get(blobId, file) {
      const shard = shards[shardOf(file)]!;
      const { paths, pathStarts, outcomes } = shard;
      while (shard.next < outcomes.length) {
        const entry = shard.next;
        // A path is cut out only where the listing and the shard differ.
        const samePath = lineIs(paths, pathStarts, entry, file);
        if (!samePath && lineAt(paths, pathStarts, entry) > file) return undefined; // not kept
        shard.next++;
        if (!samePath) continue; // kept for a file no longer listed
        if (!lineIs(shard.blobIds, shard.idStarts, entry, blobId)) return undefined; // other bytes
        shard.used[entry] = 1;
        hits++;
        return outcomes[entry];
      }
      return undefined;
    },
    set(blobId, file, outcome) {
      // Kept a line each: a path with a line break (no valid content file has one) is not kept.
      if (file.includes('\n')) return;
      const shard = shards[shardOf(file)]!;
      shard.added.files.push(file);
      shard.added.blobIds.push(blobId);
      shard.added.outcomes.push(outcome);
      shard.changed = true;
    },
    async close() {
      const release = (shard: Shard<Outcome>) => Object.assign(shard, openedShard(emptyShard<Outcome>(), false));
      try {
        for (const [index, shard] of shards.entries()) {
          // A shard is rewritten when it gained entries or holds ones no file uses any more.
          if (shard.changed || shard.used.includes(0)) {
            const stored = keptAndAdded(shard);
            await store.writeThrough(shardName(index), async (handle) => {
              await writeDigestFirst(handle, digestBytes, shardPieces(header, stored), (digest) => digest);
              return true;
            });
          }
          // Each shard is let go of once written, so saving never holds a second copy of it all.
          release(shard);
        }
      } finally {
        shards.forEach(release);
      }
    },
  };
}

/** The entries a shard keeps for the next run, in path order: those this run took, and those it added. */
function keptAndAdded<Outcome>(shard: Shard<Outcome>): StoredShard<Outcome> {
  const entries: { file: string; blobId: string; outcome: Outcome }[] = [];
  shard.used.forEach((used, entry) => {
    if (used === 1) entries.push({ file: lineAt(shard.paths, shard.pathStarts, entry), blobId: lineAt(shard.blobIds, shard.idStarts, entry), outcome: shard.outcomes[entry]! });
  });
  const { added } = shard;
  added.files.forEach((file, index) => entries.push({ file, blobId: added.blobIds[index]!, outcome: added.outcomes[index]! }));
  // Stable: of a path added twice, the later entry comes last, and is the one kept.
  entries.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const last = entries.filter((entry, index) => entries[index + 1]?.file !== entry.file);
  return {
    paths: last.map(({ file }) => `${file}\n`).join(''),
    blobIds: last.map(({ blobId }) => `${blobId}\n`).join(''),
    outcomes: last.map(({ outcome }) => outcome),
  };
}
