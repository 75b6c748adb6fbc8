import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, open, rename } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { FileOutcome } from './check-content-file.ts';

/**
 * Outcomes of files that passed their own checks, kept between runs under the id of their bytes
 * and their path (what the outcome depends on), so a rebuild after a few edits parses only those.
 *
 * The cache is split into 16 shards by path, each stored as a SHA-256 digest followed by its
 * serialized entries. A shard whose digest does not match (a truncated or corrupt file) or that
 * was written by different validation code is ignored, and its files are parsed again: a cache
 * can make a build faster, never different.
 *
 * A shard holds its entries in path order: its paths as one text, a line each, and their blob
 * ids as another. Files are looked up in path order too (the loaders list them sorted), so each
 * lookup compares the next entries in place: no key, map or string per file. Keyed by
 * `blobId path` in a map, the cache of a million files took 4.6 s longer to open, search and save
 * (three runs each, alternating), in the strings, the map and the collection they caused.
 */
export interface ParseCache {
  /**
   * The outcome kept for this file with these bytes. Files must be looked up in ascending path
   * order: one that comes out of order is not found, and is parsed again.
   */
  get(blobId: string, file: string): FileOutcome | undefined;
  set(blobId: string, file: string, outcome: FileOutcome): void;
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

const shardCount = 16;
const digestBytes = 32;
const formatVersion = 2;

/** A shard as stored: entry i has the i-th line of `paths`, of `blobIds` and the i-th outcome. */
interface StoredShard {
  paths: string;
  blobIds: string;
  outcomes: FileOutcome[];
}

interface Shard extends StoredShard {
  /** Where each entry's line starts in `paths` and in `blobIds`, and where a next one would. */
  pathStarts: Uint32Array;
  idStarts: Uint32Array;
  /** The first entry not yet passed by a lookup. */
  next: number;
  /** 1 for each entry this run took. */
  used: Uint8Array;
  /** Entries this run added, by path. */
  added: Map<string, { blobId: string; outcome: FileOutcome }>;
  changed: boolean;
}

const emptyShard = (): StoredShard => ({ paths: '', blobIds: '', outcomes: [] });

/** The shard a path is kept in, by a cheap hash of the whole path. */
function shardOf(file: string): number {
  let hash = 0;
  for (let index = 0; index < file.length; index++) hash = (hash * 31 + file.charCodeAt(index)) | 0;
  return (hash >>> 0) % shardCount;
}

const shardFile = (dir: string, index: number) => path.join(dir, `shard-${index.toString(16)}.bin`);

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
function openedShard(stored: StoredShard, changed: boolean): Shard | undefined {
  const count = stored.outcomes.length;
  const pathStarts = lineStarts(stored.paths, count);
  const idStarts = lineStarts(stored.blobIds, count);
  if (!pathStarts || !idStarts) return undefined;
  return { ...stored, pathStarts, idStarts, next: 0, used: new Uint8Array(count), added: new Map(), changed };
}

const lineAt = (text: string, starts: Uint32Array, entry: number) => text.slice(starts[entry], starts[entry + 1]! - 1);

/** True when `text`'s line from `starts[entry]` is `value`, compared in place. */
const lineIs = (text: string, starts: Uint32Array, entry: number, value: string) =>
  starts[entry + 1]! - starts[entry]! === value.length + 1 && text.startsWith(value, starts[entry]);

/**
 * Everything an outcome depends on besides the file: the loader's and the schemas' source code and
 * the locked dependency versions (yaml, zod). Any change to them starts a fresh cache.
 */
function validatorFingerprint(): string {
  const hash = createHash('sha256').update(`format ${formatVersion}\n`);
  const sourceFolders = [import.meta.dirname, path.join(import.meta.dirname, '../schema')];
  for (const folder of sourceFolders) {
    for (const name of readdirSync(folder).sort()) {
      if (name.endsWith('.ts')) hash.update(name).update(readFileSync(path.join(folder, name)));
    }
  }
  const lockFile = path.join(import.meta.dirname, '../../package-lock.json');
  if (existsSync(lockFile)) hash.update(readFileSync(lockFile));
  return hash.digest('hex');
}

/**
 * Shards are read through one buffer, grown to the largest. Each shard's own buffer (28 MB on a
 * million files) outlived the collections made while deserializing it, and V8 answered that
 * external memory with a full collection after nearly every shard.
 */
class ShardReader {
  private buffer = Buffer.alloc(0);

  /** The file's bytes, valid until the next read; undefined when it cannot be read. */
  async read(file: string): Promise<Buffer | undefined> {
    let handle;
    try {
      handle = await open(file, 'r');
      const { size } = await handle.stat();
      if (this.buffer.byteLength < size) this.buffer = Buffer.allocUnsafe(Math.ceil(size * 1.25));
      let filled = 0;
      while (filled < size) {
        const { bytesRead } = await handle.read(this.buffer, filled, size - filled, filled);
        if (bytesRead === 0) break; // the file shrank meanwhile: its digest no longer matches
        filled += bytesRead;
      }
      return this.buffer.subarray(0, filled);
    } catch {
      return undefined;
    } finally {
      await handle?.close();
    }
  }
}

async function readShard(file: string, fingerprint: string, reader: ShardReader): Promise<Shard | 'missing' | 'corrupt' | 'stale'> {
  const bytes = await reader.read(file);
  if (!bytes) return 'missing';
  const payload = bytes.subarray(digestBytes);
  if (bytes.byteLength < digestBytes || !createHash('sha256').update(payload).digest().equals(bytes.subarray(0, digestBytes))) return 'corrupt';
  try {
    // Deserializing copies every value out of the buffer, so the next read may overwrite it.
    const stored = deserialize(payload) as { fingerprint?: unknown; paths?: unknown; blobIds?: unknown; outcomes?: unknown };
    if (stored.fingerprint !== fingerprint) return 'stale';
    const { paths, blobIds, outcomes } = stored;
    if (typeof paths !== 'string' || typeof blobIds !== 'string' || !Array.isArray(outcomes)) return 'corrupt';
    return openedShard({ paths, blobIds, outcomes: outcomes as FileOutcome[] }, false) ?? 'corrupt';
  } catch {
    return 'corrupt';
  }
}

export async function openParseCache(dir: string): Promise<ParseCache> {
  const fingerprint = validatorFingerprint();
  const notes: string[] = [];
  const shards: Shard[] = [];
  const ignored = { corrupt: 0, stale: 0 };
  const reader = new ShardReader();
  for (let index = 0; index < shardCount; index++) {
    const read = await readShard(shardFile(dir, index), fingerprint, reader);
    if (read === 'corrupt' || read === 'stale') ignored[read]++;
    shards.push(typeof read === 'object' ? read : openedShard(emptyShard(), read !== 'missing')!);
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
      shard.added.set(file, { blobId, outcome });
      shard.changed = true;
    },
    async close() {
      const release = (shard: Shard) => Object.assign(shard, openedShard(emptyShard(), false));
      try {
        await mkdir(dir, { recursive: true });
        for (const [index, shard] of shards.entries()) {
          // A shard is rewritten when it gained entries or holds ones no file uses any more.
          if (shard.changed || shard.used.includes(0)) {
            const payload = serialize({ fingerprint, ...keptAndAdded(shard) });
            const target = shardFile(dir, index);
            const temporary = `${target}.${process.pid}.tmp`;
            await writeShard(temporary, payload);
            await rename(temporary, target);
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

/** The payload after its digest, written without copying both into one more buffer. */
async function writeShard(file: string, payload: Buffer): Promise<void> {
  const handle = await open(file, 'w');
  try {
    const { bytesWritten } = await handle.writev([createHash('sha256').update(payload).digest(), payload]);
    if (bytesWritten !== digestBytes + payload.byteLength) throw new Error(`wrote ${bytesWritten} of ${digestBytes + payload.byteLength} bytes to ${file}`);
  } finally {
    await handle.close();
  }
}

/** The entries a shard keeps for the next run, in path order: those this run took, and those it added. */
function keptAndAdded(shard: Shard): StoredShard {
  const entries: { file: string; blobId: string; outcome: FileOutcome }[] = [];
  shard.used.forEach((used, entry) => {
    if (used === 1) entries.push({ file: lineAt(shard.paths, shard.pathStarts, entry), blobId: lineAt(shard.blobIds, shard.idStarts, entry), outcome: shard.outcomes[entry]! });
  });
  for (const [file, { blobId, outcome }] of shard.added) entries.push({ file, blobId, outcome });
  entries.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return {
    paths: entries.map(({ file }) => `${file}\n`).join(''),
    blobIds: entries.map(({ blobId }) => `${blobId}\n`).join(''),
    outcomes: entries.map(({ outcome }) => outcome),
  };
}
