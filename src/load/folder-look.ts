import { lstatSync, readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Where an untracked file can have appeared since the last build, found from the folders alone.
 * A file is added to, removed from or renamed in a folder only by changing the folder's entries,
 * which sets the folder's modification time: a folder with the identity it had then holds the
 * same names (git's untracked cache rests on the same rule). So instead of listing every folder
 * under content/ and comparing each name with git's index (`git ls-files --others`: at a million
 * report files, 4.8 s of CPU on two cores a rebuild needed), the build stats each folder it knew
 * and lists only those whose identity changed, and the new ones inside them.
 */

/**
 * Each folder under the top one (the top included), by path from the root, with its identity when
 * looked at ('' when it had changed too recently to trust), as one string: `path\0identity\0` for
 * each. The kept catalogue's manifest holds it; at a million report files it names 100,000
 * folders, and made into an object and back (100,000 keys) it took more of the look's thread than
 * the look itself. The look reads and writes it in this form.
 */
export type PackedFolders = string;

export interface FolderLook {
  /** The folders now, for the next look. */
  folders: PackedFolders;
  /**
   * What may hold an untracked file the last look did not know: the files of each folder whose
   * entries changed, and each new folder (everything in it). Undefined when there was no last
   * look, or too much changed to name: then everything may.
   */
  suspects?: string[];
}

/**
 * A folder modified this close to the look (ms) is looked into again next time: a change made in
 * the same tick of the file system's clock, after the look, would leave the time it was seen with
 * (coarse clocks tick every few milliseconds; FAT's every 2 s).
 */
const racyMs = 5000;

/** Past this many suspects, naming them is no use (a checkout that rewrote most folders): git looks everywhere. */
const mostSuspects = 10_000;

/**
 * A folder's inode and modification time. In milliseconds as a double, which tells apart times
 * a quarter of a microsecond apart: a folder changed within that of its last change was changed
 * within `racyMs` of it too, and is looked into again anyway. Stats in nanoseconds are BigInts,
 * 14 of them per folder, which the look's collector then spent a second on.
 */
const identityOf = (stats: { ino: number; mtimeMs: number }) => `${stats.ino}:${stats.mtimeMs}`;

/** Looks at the folders under `top` (relative to `root`), knowing those `before` found. */
export function lookAtFolders(root: string, top: string, before: PackedFolders | undefined, now = Date.now()): FolderLook {
  const noted: string[] = [];
  const suspects: string[] = [];
  const racySince = now - racyMs;
  /** Its identity, noted; undefined when it is not a folder (any more). */
  const note = (folder: string): string | undefined => {
    const stats = lstatSync(path.join(root, folder), { throwIfNoEntry: false });
    if (!stats?.isDirectory()) return undefined;
    const identity = identityOf(stats);
    noted.push(folder, stats.mtimeMs >= racySince ? '' : identity);
    return identity;
  };
  /** Its entries; none when it went away since it was noted (its files are then gone: git or the overlay says so). */
  const entriesOf = (folder: string): Dirent[] => {
    try {
      return readdirSync(path.join(root, folder), { withFileTypes: true });
    } catch {
      return [];
    }
  };
  /** Notes a folder and every folder inside it, listing each after noting it (so a change meanwhile shows next time). */
  const walk = (folder: string) => {
    if (note(folder) === undefined) return;
    for (const entry of entriesOf(folder)) {
      if (entry.isDirectory()) walk(`${folder}/${entry.name}`);
    }
  };
  const packed = () => (noted.length === 0 ? '' : `${noted.join('\0')}\0`);
  const fields = before?.split('\0');
  // The top comes first in every look (walk notes it first).
  if (!fields || fields[0] !== top) {
    walk(top);
    return { folders: packed() };
  }
  // Asked only when a folder's entries changed: whether a folder inside it is new.
  let known: Set<string> | undefined;
  const isKnown = (folder: string) => (known ??= new Set(fields.filter((_, index) => index % 2 === 0))).has(folder);
  for (let index = 0; index + 1 < fields.length; index += 2) {
    const [folder, then] = [fields[index]!, fields[index + 1]!];
    const identity = note(folder);
    if (identity === undefined || (then !== '' && identity === then)) continue;
    for (const entry of entriesOf(folder)) {
      const entryPath = `${folder}/${entry.name}`;
      if (!entry.isDirectory()) suspects.push(entryPath);
      else if (!isKnown(entryPath)) {
        // New: all of it is suspect, and its folders are noted for next time.
        walk(entryPath);
        suspects.push(entryPath);
      }
    }
    if (suspects.length > mostSuspects) return { folders: lookAtFolders(root, top, undefined, now).folders };
  }
  return { folders: packed(), suspects };
}

/** The folders a look found, by path, each with its identity ('' when too recent to trust): for reading them, as tests do. */
export function unpackFolders(packed: PackedFolders): Record<string, string> {
  const fields = packed.split('\0');
  const folders: Record<string, string> = {};
  for (let index = 0; index + 1 < fields.length; index += 2) folders[fields[index]!] = fields[index + 1]!;
  return folders;
}

/**
 * lookAtFolders in a thread of its own: at a million report files it stats 100,000 folders, which
 * would hold up the build's thread while it reads the kept catalogue.
 */
export function lookAtFoldersInThread(root: string, top: string, before: PackedFolders | undefined): Promise<FolderLook> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./folder-look-worker.ts', import.meta.url), { workerData: { root, top, before } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the look at the content folders stopped early (exit code ${code})`)));
  });
}
