import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { isRunning } from './running-process.ts';

/**
 * What the build keeps between runs, so that a rebuild after a few edits redoes only what they
 * touch. Each store is a folder of the content root's `.cache/` (git-ignored), and every store
 * follows the same three rules, written once here:
 * - A file is written beside its place, under a name carrying this process's id, then renamed
 *   over it: a reader finds the old file or the new one, never half of one.
 * - A file that a killed process left half-written is removed by a later run once that process is
 *   gone, never while a build running beside it (parallel tests) is still writing it.
 * - A store's manifest names its format and the fingerprint of the code that wrote it, sealed with
 *   the SHA-256 of both and of its body: a manifest from other code, or damaged, reads as none.
 * A store can make a build faster, never different: anything that fails a check is made again.
 * The stores keep their own layouts (shards, one text file, linked files, a database), tuned for a
 * million reports; docs/building.md has a table of them.
 */
export const storeNames = ['parsed-content', 'commit-times', 'built-files', 'built-database', 'built-catalogue', 'built-pages'] as const;
export type StoreName = (typeof storeNames)[number];

export interface StoreVersion {
  /** Raised when the store's layout changes. */
  format: number;
  /** What else the contents depend on (see fingerprint.ts); '' when its keys carry it. */
  fingerprint: string;
}

export interface KeptStore {
  readonly dir: string;
  /** The path of a file of the store. */
  file(name: string): string;
  /** The path of its manifest, to tell a store never written from one whose manifest was refused. */
  readonly manifestFile: string;
  /** Where this process writes `name` before renaming it into place. */
  incoming(name: string): string;
  /** Replaces `name` with these contents (several buffers are written in turn, without joining them). */
  write(name: string, contents: string | Uint8Array | readonly Uint8Array[]): Promise<void>;
  writeSync(name: string, contents: string | Uint8Array): void;
  /**
   * Replaces `name` with what `fill` writes to the open file, when `fill` says it is complete;
   * otherwise the file is left as it was. For a file too large to hold in memory whole.
   */
  writeThrough(name: string, fill: (handle: FileHandle) => Promise<boolean>): Promise<boolean>;
  /** Moves `from`, a file this process made in the store's folder, to `name`'s place. */
  moveIntoPlaceSync(from: string, name: string): void;
  /** The manifest's body, when the manifest is this version's and its seal holds. */
  readManifest<Body>(): Promise<Body | undefined>;
  readManifestSync<Body>(): Body | undefined;
  writeManifest(body: object): Promise<void>;
  writeManifestSync(body: object): void;
  /** Removes the incoming files (in the store's folder and `subfolder`) of processes that are gone. */
  removeAbandoned(subfolder?: string): void;
  /** Whether `name` is an incoming file, and of a process that still runs. */
  isIncoming(name: string): { owner: number; running: boolean } | undefined;
}

/** Where the build keeps a store of a content tree. */
export const keptStoreDir = (contentRoot: string, name: StoreName): string => path.join(contentRoot, '.cache', name);

const manifestName = 'manifest.json';
const incomingPattern = /\.(\d+)\.incoming$/;

/**
 * A manifest as its file holds it, in this order, the body last: the seal is checked against the
 * body's text as read, not against the body written out again. At a million reports, writing out
 * the kept catalogue's and the output store's bodies (11 MB) to check their seals took 0.1-0.15 s
 * of a rebuild's busy thread, and saving them wrote each out twice.
 */
interface SealedManifest {
  format: number;
  fingerprint: string;
  /** SHA-256 of the format, the fingerprint and the body's text: a damaged count or digest would otherwise be trusted. */
  seal: string;
  body: unknown;
}

/** What comes before the body's text in a manifest's file, and nowhere before it: the fields before it are a number and JSON strings, in which a quote is escaped. */
const beforeBody = ',"body":';

const sealOf = (format: number, fingerprint: string, bodyText: string | Uint8Array) => createHash('sha256').update(`${format}\n${fingerprint}\n`).update(bodyText).digest('hex');

/** The store in `dir` (made when first written); keptStoreDir names the build's. */
export function keptStore(dir: string, version: StoreVersion): KeptStore {
  const file = (entry: string) => path.join(dir, entry);
  const incoming = (entry: string) => `${file(entry)}.${process.pid}.incoming`;
  const sealed = (body: object) => {
    const bodyText = JSON.stringify(body);
    const seal = sealOf(version.format, version.fingerprint, bodyText);
    return `{"format":${version.format},"fingerprint":${JSON.stringify(version.fingerprint)},"seal":"${seal}"${beforeBody}${bodyText}}`;
  };
  // Read as bytes and decoded once: read as text, Node decodes a file piece by piece.
  const opened = (bytes: Buffer) => {
    const bodyStart = bytes.indexOf(beforeBody) + beforeBody.length;
    if (bodyStart < beforeBody.length) return undefined;
    const manifest = JSON.parse(bytes.toString('utf8')) as Partial<SealedManifest>;
    const intact = manifest.format === version.format && manifest.fingerprint === version.fingerprint && manifest.seal === sealOf(version.format, version.fingerprint, bytes.subarray(bodyStart, bytes.length - 1));
    return intact ? manifest.body : undefined;
  };
  const store: KeptStore = {
    dir,
    file,
    manifestFile: file(manifestName),
    incoming,
    async write(entry, contents) {
      await ensureDir(dir);
      const temporary = incoming(entry);
      try {
        if (typeof contents === 'string' || contents instanceof Uint8Array) await writeFile(temporary, contents);
        else await writeAll(temporary, contents);
        await rename(temporary, file(entry));
      } finally {
        // Gone once renamed; after a failed write (a full disk), not left behind.
        await rm(temporary, { force: true });
      }
    },
    writeSync(entry, contents) {
      ensureDirSync(dir);
      const temporary = incoming(entry);
      try {
        writeFileSync(temporary, contents);
        renameSync(temporary, file(entry));
      } finally {
        rmSync(temporary, { force: true });
      }
    },
    async writeThrough(entry, fill) {
      await ensureDir(dir);
      const temporary = incoming(entry);
      const handle = await open(temporary, 'w');
      let complete = false;
      try {
        complete = await fill(handle);
      } finally {
        await handle.close();
        await (complete ? rename(temporary, file(entry)) : rm(temporary, { force: true }));
      }
      return complete;
    },
    moveIntoPlaceSync(from, entry) {
      renameSync(from, file(entry));
    },
    async readManifest<Body>() {
      try {
        return opened(await readFile(file(manifestName))) as Body | undefined;
      } catch {
        return undefined; // none kept yet, or unreadable: made again
      }
    },
    readManifestSync<Body>() {
      try {
        return opened(readFileSync(file(manifestName))) as Body | undefined;
      } catch {
        return undefined;
      }
    },
    writeManifest: (body) => store.write(manifestName, sealed(body)),
    writeManifestSync: (body) => store.writeSync(manifestName, sealed(body)),
    removeAbandoned(subfolder) {
      for (const folder of subfolder === undefined ? [dir] : [dir, path.join(dir, subfolder)]) {
        let names: string[];
        try {
          names = readdirSync(folder);
        } catch {
          continue; // nothing kept yet
        }
        for (const entry of names) {
          if (store.isIncoming(entry)?.running === false) rmSync(path.join(folder, entry), { force: true });
        }
      }
    },
    isIncoming(entry) {
      const owner = incomingPattern.exec(entry)?.[1];
      return owner === undefined ? undefined : { owner: Number(owner), running: isRunning(Number(owner)) };
    },
  };
  return store;
}

/** Several buffers written in turn to a new file, so that a large payload is never copied into one. */
async function writeAll(file: string, buffers: readonly Uint8Array[]): Promise<void> {
  const handle = await open(file, 'w');
  try {
    const expected = buffers.reduce((sum, buffer) => sum + buffer.byteLength, 0);
    const { bytesWritten } = await handle.writev([...buffers]);
    if (bytesWritten !== expected) throw new Error(`wrote ${bytesWritten} of ${expected} bytes to ${file}`);
  } finally {
    await handle.close();
  }
}

/** Creates the folder; a file in its place (left by an older layout of the caches) is removed first. */
async function ensureDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST' && error.code !== 'ENOTDIR') throw error;
    await rm(dir, { force: true });
    await mkdir(dir, { recursive: true });
  });
}

function ensureDirSync(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    if (!lstatSync(dir, { throwIfNoEntry: false })?.isFile()) throw error;
    rmSync(dir, { force: true });
    mkdirSync(dir, { recursive: true });
  }
}
