import { createHash } from 'node:crypto';
import { existsSync, linkSync, statSync, type BigIntStats } from 'node:fs';
import { copyFile, link, mkdir, open, readdir, rename, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { feedFile, fileIdentity, fileIdentityOf, settledIdentity, sha256Hex, withOpenFile } from './digests.ts';
import { codeFingerprint, type SourceLayer } from './fingerprint.ts';
import { keptStore, keptStoreDir, type KeptStore } from './kept-store.ts';

/**
 * Output files kept between builds under a key made of what they were made from (the input
 * digests of their records, see src/domain/input-digests.ts) and everything else that shapes
 * them: the build's source code, the locked dependencies, Node's version and the site's URLs. A
 * rebuild after a few edits links each unchanged file into the new site instead of serialising a
 * million records again.
 *
 * Kept files are hard links to the published ones, so the store costs no disk of its own. Its
 * index holds each file's SHA-256; a file whose bytes no longer match (edited in place, truncated)
 * is ignored and made again: the store can make a build faster, never different. After a build,
 * files it did not use are deleted, so the store never outgrows one site.
 *
 * Checking a file's bytes means reading it, and at a million records the kept files weigh 4 GB:
 * hashing them took seconds of every rebuild. So, as git does with its index, the store also
 * notes each checked file's identity on disk (inode, size, modification time) and takes a file
 * whose identity is unchanged as checked. Writing to a file, in place or by replacing it, changes
 * its modification time or its inode. A file it reads that was modified too recently to be told
 * apart from its next modification (see `settledMs` in digests.ts) gets no note, and is read again
 * next time; a file the build has just written itself is noted as it is kept.
 */
export interface OutputStore {
  /** The key of a file at `sitePath` made from records with these input digests. */
  keyOf(sitePath: string, inputs: readonly Uint8Array[]): string;
  /**
   * Puts the file kept under `key` at `target` and says what it holds; undefined when none was
   * kept or its bytes changed.
   */
  reuse(key: string, target: string): Promise<KeptFile | undefined>;
  /**
   * Keeps `target`, just written with `contents`, under `key` for the next build; `sha256` when the
   * caller already hashed them. Without `contents` (written by another thread), `sha256` is needed.
   */
  keep(key: string, target: string, contents: string | Uint8Array, sha256?: string): Promise<void>;
  keep(key: string, target: string, contents: undefined, sha256: string): Promise<void>;
  /**
   * The value kept under `key` by the last build, or undefined: small values derived from the
   * whole catalogue (see KeptDerivations in src/api/data-products/product.ts), kept in the index.
   */
  keptValue(key: string): unknown;
  /** Keeps `value`, which must survive JSON, under `key` for the next build. */
  keepValue(key: string, value: unknown): void;
  /**
   * The bytes of the file the last build kept under `key`, or undefined when none was kept or its
   * bytes changed; kept for the next build only when kept again or retained. They are read into
   * the buffer `into` gives for the file's size, at least that long (the bytes given back are then
   * a view of it), else into a new buffer.
   */
  readKept(key: string, into?: (size: number) => Uint8Array): Promise<Uint8Array | undefined>;
  /** Keeps `bytes`, which no published file holds (what a build reads back, not what it serves), under `key` for the next build. */
  keepBytes(key: string, bytes: Uint8Array): Promise<void>;
  /** Keeps the file or value the last build kept under `key` for the next build, unread; false when there is none. */
  retain(key: string): boolean;
  /** Saves the index of the files and values this build used and deletes the others. */
  close(): Promise<void>;
  /**
   * Whether the last build that kept anything here ran this build's code (the fingerprint the
   * store was opened with). When not (new code, a store removed), none of its files can be reused:
   * every file is made again, and every report published again.
   */
  readonly keptByThisCode: boolean;
  /** Files reused and files made by this build, for the build to print. */
  readonly counts: { reused: number; made: number };
  /** What was ignored, in words, for the build to print. */
  readonly notes: string[];
}

export interface KeptFile {
  /** Hex SHA-256 of the file's bytes. */
  sha256: string;
  bytes: number;
}

/** Where the build keeps the output files of a content tree. */
export const outputStoreDir = (contentRoot: string): string => keptStoreDir(contentRoot, 'built-files');

/** "14,285 of 14,288 reusable data files taken from the last build" and any note, for the build to print. */
export function reuseInWords(store: OutputStore): string {
  const { reused, made } = store.counts;
  return [`${reused.toLocaleString('en')} of ${(reused + made).toLocaleString('en')} reusable data files taken from the last build`, ...store.notes].join('; ');
}

const formatVersion = 3;

interface KeptEntry {
  /** Hex SHA-256 of the file's bytes. */
  sha256: string;
  /** The file's identity when its bytes were last checked (see fileIdentity in digests.ts), if it was settled by then. */
  checked?: string;
}

/** A value kept in the index itself, with no file. */
interface KeptValue {
  value: unknown;
}

/** The store's manifest: the entry of each file or value kept, by key. */
type StoreIndex = Record<string, KeptEntry | KeptValue>;

const isKeptFile = (entry: KeptEntry | KeptValue | undefined): entry is KeptEntry => typeof (entry as Partial<KeptEntry> | undefined)?.sha256 === 'string';

/**
 * A kept file's size and SHA-256, and its identity when settled, or undefined when it cannot be
 * read. The bytes are read only when `known` is not the identity the file still has. Reading goes
 * through one reused buffer: a buffer per file, a million records' worth of them, kept the
 * collector busy.
 */
function checkFile(file: string, buffer: Uint8Array, known: KeptEntry): { kept: KeptFile; checked?: string } | undefined {
  // Most files are as noted: one call to the file system for them, not an open, a stat and a close
  // (a rebuild at a million reports checks 18,000). A file replaced since has another inode.
  let noted: BigIntStats | undefined;
  try {
    noted = statSync(file, { bigint: true, throwIfNoEntry: false });
  } catch {
    return undefined;
  }
  if (noted === undefined) return undefined;
  if (known.checked === fileIdentity(noted)) return { kept: { sha256: known.sha256, bytes: Number(noted.size) }, checked: known.checked };
  return withOpenFile(file, (descriptor, stats) => {
    // `stats` taken before reading: a write after them changes the identity, and the next build reads the file.
    const hash = createHash('sha256');
    const total = feedFile(descriptor, buffer, [hash]);
    const checked = settledIdentity(stats);
    return { kept: { sha256: hash.digest('hex'), bytes: total }, ...(checked !== undefined ? { checked } : {}) };
  });
}

/** The file's bytes, read into the buffer `into` gives for its size, else a new one; undefined when the file ends before its size. */
async function readWhole(file: string, into: ((size: number) => Uint8Array) | undefined): Promise<Uint8Array | undefined> {
  const handle = await open(file);
  try {
    const { size } = await handle.stat();
    const bytes = into ? into(size).subarray(0, size) : new Uint8Array(size);
    for (let done = 0; done < size; ) {
      const { bytesRead } = await handle.read(bytes, done, size - done, done);
      if (bytesRead === 0) return undefined;
      done += bytesRead;
    }
    return bytes;
  } finally {
    await handle.close();
  }
}

/** The layers whose code makes the output files (test/structure/layers.test.ts checks they import no other). */
export const buildCodeLayers = ['schema', 'domain', 'formats', 'api', 'kept', 'load', 'emit'] as const satisfies readonly SourceLayer[];

/**
 * Everything besides the records that shapes an output file: the code that reads content and
 * makes the data (src/schema, domain, formats, api, kept, load and emit: the layers test keeps emit
 * from importing anything else), the locked dependency versions, and the runtime (Node's ICU names
 * countries).
 */
export function buildFingerprint(siteUrl: string, repositoryUrl: string): string {
  // Reckoned once per process for each pair of URLs: it reads every source file of seven layers,
  // and the output store and the kept pages both ask for it.
  const urls = `${siteUrl}\n${repositoryUrl}`;
  let fingerprint = buildFingerprints.get(urls);
  if (fingerprint === undefined) {
    fingerprint = codeFingerprint(buildCodeLayers, [`output-files ${formatVersion}`, siteUrl, repositoryUrl, JSON.stringify(process.versions)]);
    buildFingerprints.set(urls, fingerprint);
  }
  return fingerprint;
}

const buildFingerprints = new Map<string, string>();

async function readIndex(store: KeptStore, notes: string[]): Promise<StoreIndex> {
  const index = await store.readManifest<StoreIndex>();
  if (index === undefined) {
    if (existsSync(store.manifestFile)) notes.push('the index of kept output files was written by another version of the build, or damaged, and was not used');
    return {};
  }
  // An entry without a hash cannot be checked: its file is made again.
  return Object.fromEntries(Object.entries(index).filter(([, entry]) => isKeptFile(entry) || (typeof entry === 'object' && entry !== null && 'value' in entry)));
}

/** Links `existing` as `name`; false where it cannot (a file already under that name, another disk). */
function linked(existing: string, name: string): boolean {
  try {
    linkSync(existing, name);
    return true;
  } catch {
    return false;
  }
}

/** Opens the store in `dir` (created when needed); `fingerprint` is buildFingerprint()'s. */
export async function openOutputStore(dir: string, fingerprint: string): Promise<OutputStore> {
  // Each key carries the fingerprint, so the index need not: builds for two site URLs share it.
  const store = keptStore(dir, { format: formatVersion, fingerprint: '' });
  const filesDir = store.file('files');
  await mkdir(filesDir, { recursive: true });
  const notes: string[] = [];
  const previous = await readIndex(store, notes);
  const next: StoreIndex = {};
  const keyOf = (sitePath: string, inputs: readonly Uint8Array[]) => {
    const hash = createHash('sha256').update(`${fingerprint}\n${sitePath}\n`);
    for (const input of inputs) hash.update(input);
    return hash.digest('hex');
  };
  // Every build keeps a value under a key of its fingerprint alone: found, the last build ran this code.
  const codeMark = keyOf('', []);
  const keptByThisCode = previous[codeMark] !== undefined;
  next[codeMark] = { value: true };
  const counts = { reused: 0, made: 0 };
  const reusedKeys = new Set<string>();
  const readBuffer = new Uint8Array(1024 * 1024);
  // Sixteen thousand files go into a few dozen folders: each folder is made once, not asked for per file.
  const madeFolders = new Set<string>();
  // Keys, not a count: a file found damaged by `reuse` may be read again by `readKept`.
  const corrupt = new Set<string>();

  return {
    keyOf,
    async reuse(key, target) {
      const expected = previous[key];
      if (!isKeptFile(expected)) return undefined;
      const kept = path.join(filesDir, key);
      // Gone: another build of the same content (parallel tests) kept only its own files. Made again.
      const actual = checkFile(kept, readBuffer, expected);
      if (actual === undefined) return undefined;
      if (actual.kept.sha256 !== expected.sha256) {
        corrupt.add(key);
        return undefined;
      }
      try {
        const folder = path.dirname(target);
        if (!madeFolders.has(folder)) {
          await mkdir(folder, { recursive: true });
          madeFolders.add(folder);
        }
        // Linked at once, not in Node's thread pool: a link is a change to a folder, not a wait for
        // the disk, and 18,000 asynchronous ones took 0.7 s of this thread in a one-report rebuild at
        // a million reports (0.2 s this way). A copy where a link is impossible (the store on another
        // file system).
        if (!linked(kept, target)) await copyFile(kept, target);
      } catch {
        return undefined; // removed since it was checked: the caller writes the file afresh
      }
      next[key] = { sha256: expected.sha256, ...(actual.checked !== undefined ? { checked: actual.checked } : {}) };
      reusedKeys.add(key);
      counts.reused++;
      return actual.kept;
    },
    async keep(key: string, target: string, contents: string | Uint8Array | undefined, sha256 = sha256Hex(contents!)) {
      // Reused, then made again with the rest of its run (a later piece of it was damaged): counted once, as made.
      if (reusedKeys.delete(key)) counts.reused--;
      counts.made++;
      const kept = path.join(filesDir, key);
      const incoming = store.incoming(path.join('files', key));
      try {
        // Linked under its key at once, whole or not at all: renaming an incoming link into place
        // was a second call per file, 11,600 of them in a cold build at 10k / 100k. Only a file
        // already under the key (one the last build left, found damaged) or a site on another
        // disk goes the way round, and the rename replaces what is there. Linked and looked at
        // on this thread, as `reuse` links (why, there).
        if (!linked(target, kept)) {
          await link(target, incoming).catch(() => (contents === undefined ? copyFile(target, incoming) : writeFile(incoming, contents)));
          await rename(incoming, kept);
        }
        // Noted now, though not settled (see `settledMs` in digests.ts): this build has just written
        // these bytes into its own staging folder, which nothing else writes to, and any later write
        // changes the size or the time. Left for the next build to read, every file a cold build
        // made was hashed again by the rebuild after it: 4 GB at a million reports.
        const identity = fileIdentityOf(kept);
        next[key] = { sha256, ...(identity !== undefined ? { checked: identity } : {}) };
      } catch {
        await rm(incoming, { force: true }); // not kept: the next build makes this file again
      }
    },
    keptValue(key) {
      const entry = previous[key];
      if (entry === undefined || isKeptFile(entry)) return undefined;
      next[key] = entry;
      return entry.value;
    },
    keepValue(key, value) {
      next[key] = { value };
    },
    async readKept(key, into) {
      const expected = previous[key];
      if (!isKeptFile(expected)) return undefined;
      const bytes = await readWhole(path.join(filesDir, key), into).catch(() => undefined);
      if (bytes === undefined) return undefined;
      if (sha256Hex(bytes) !== expected.sha256) {
        corrupt.add(key);
        return undefined;
      }
      return bytes;
    },
    async keepBytes(key, bytes) {
      const incoming = store.incoming(path.join('files', key));
      try {
        await writeFile(incoming, bytes);
        await rename(incoming, path.join(filesDir, key));
        next[key] = { sha256: sha256Hex(bytes) };
      } catch {
        await rm(incoming, { force: true }); // not kept: the next build does without it
      }
    },
    retain(key) {
      const entry = previous[key];
      if (entry === undefined) return false;
      next[key] = entry;
      return true;
    },
    async close() {
      if (corrupt.size > 0) notes.push(`${corrupt.size} kept output file(s) no longer matched their hash and were made again`);
      await store.writeManifest(next);
      for (const name of await readdir(filesDir)) {
        if (name in next) continue;
        // A file being kept: left by a killed build, it would hold a published file's disk space
        // for good; another build that is still running needs it.
        if (store.isIncoming(name)?.running !== true) await unlink(path.join(filesDir, name)).catch(() => undefined);
      }
    },
    keptByThisCode,
    counts,
    notes,
  };
}
