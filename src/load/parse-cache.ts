import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { FileOutcome } from './check-content-file.ts';

/**
 * Outcomes of files that passed their own checks, kept between runs under the id of their bytes
 * and their path (what the outcome depends on), so a rebuild after a few edits parses only those.
 *
 * The cache is split into 16 shards by blob id, each stored as a SHA-256 digest followed by its
 * serialized entries. A shard whose digest does not match (a truncated or corrupt file) or that
 * was written by different validation code is ignored, and its files are parsed again: a cache
 * can make a build faster, never different.
 */
export interface ParseCache {
  get(blobId: string, file: string): FileOutcome | undefined;
  set(blobId: string, file: string, outcome: FileOutcome): void;
  /**
   * Writes the shards that changed, without the entries this run did not use, and lets go of all
   * entries (a million keys on a large catalogue): the cache is not used afterwards.
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
const formatVersion = 1;

interface Shard {
  entries: Map<string, FileOutcome>;
  /** Keys of the entries this run took, in a list: copying a million entries into a second map took over a second. */
  used: string[];
  /** Entries this run added. */
  added: Map<string, FileOutcome>;
  changed: boolean;
}

const keyOf = (blobId: string, file: string) => `${blobId} ${file}`;
const shardOf = (blobId: string) => Number.parseInt(blobId[0] ?? '0', 16) % shardCount;
const shardFile = (dir: string, index: number) => path.join(dir, `shard-${index.toString(16)}.bin`);

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

async function readShard(file: string, fingerprint: string): Promise<Map<string, FileOutcome> | 'missing' | 'corrupt' | 'stale'> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    return 'missing';
  }
  const payload = bytes.subarray(digestBytes);
  if (bytes.byteLength < digestBytes || !createHash('sha256').update(payload).digest().equals(bytes.subarray(0, digestBytes))) return 'corrupt';
  try {
    const stored = deserialize(payload) as { fingerprint?: unknown; entries?: unknown };
    if (stored.fingerprint !== fingerprint) return 'stale';
    if (!Array.isArray(stored.entries)) return 'corrupt';
    return new Map(stored.entries as [string, FileOutcome][]);
  } catch {
    return 'corrupt';
  }
}

export async function openParseCache(dir: string): Promise<ParseCache> {
  const fingerprint = validatorFingerprint();
  const notes: string[] = [];
  const shards: Shard[] = [];
  const ignored = { corrupt: 0, stale: 0 };
  for (let index = 0; index < shardCount; index++) {
    const read = await readShard(shardFile(dir, index), fingerprint);
    if (read === 'corrupt' || read === 'stale') ignored[read]++;
    shards.push({ entries: read instanceof Map ? read : new Map(), used: [], added: new Map(), changed: !(read instanceof Map) && read !== 'missing' });
  }
  if (ignored.corrupt > 0) notes.push(`ignored ${ignored.corrupt} damaged parse-cache shard(s) in ${dir}; their files were parsed again`);
  if (ignored.stale > 0 && ignored.stale < shardCount) notes.push(`ignored ${ignored.stale} parse-cache shard(s) written by other validation code`);

  let hits = 0;
  const isEmpty = shards.every((shard) => shard.entries.size === 0);
  return {
    notes,
    isEmpty,
    get hits() {
      return hits;
    },
    get(blobId, file) {
      const shard = shards[shardOf(blobId)]!;
      const key = keyOf(blobId, file);
      const outcome = shard.entries.get(key);
      if (outcome) {
        shard.used.push(key);
        hits++;
      }
      return outcome;
    },
    set(blobId, file, outcome) {
      const shard = shards[shardOf(blobId)]!;
      shard.added.set(keyOf(blobId, file), outcome);
      shard.changed = true;
    },
    async close() {
      const release = (shard: Shard) => {
        shard.entries.clear();
        shard.used.length = 0;
        shard.added.clear();
      };
      try {
        await mkdir(dir, { recursive: true });
        for (const [index, shard] of shards.entries()) {
          // A shard is rewritten when it gained entries or holds ones no file uses any more.
          if (shard.changed || shard.used.length !== shard.entries.size) {
            const kept = new Map(shard.used.map((key) => [key, shard.entries.get(key)!]));
            const payload = serialize({ fingerprint, entries: [...kept, ...shard.added] });
            const target = shardFile(dir, index);
            const temporary = `${target}.${process.pid}.tmp`;
            await writeFile(temporary, Buffer.concat([createHash('sha256').update(payload).digest(), payload]));
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
