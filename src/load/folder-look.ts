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

/** Each folder under the top one (the top included), by path from the root, with its identity when looked at: '' when it had changed too recently to trust. */
export type FolderIdentities = Record<string, string>;

export interface FolderLook {
  /** The folders now, for the next look. */
  folders: FolderIdentities;
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

const identityOf = (stats: { ino: bigint; mtimeNs: bigint }) => `${stats.ino}:${stats.mtimeNs}`;

/** Looks at the folders under `top` (relative to `root`), knowing those `before` found. */
export function lookAtFolders(root: string, top: string, before: FolderIdentities | undefined, now = Date.now()): FolderLook {
  const folders: FolderIdentities = {};
  const suspects: string[] = [];
  const racySince = BigInt(now - racyMs) * 1_000_000n;
  /** Its identity, noted; undefined when it is not a folder (any more). */
  const note = (folder: string): string | undefined => {
    const stats = lstatSync(path.join(root, folder), { bigint: true, throwIfNoEntry: false });
    if (!stats?.isDirectory()) return undefined;
    const identity = identityOf(stats);
    folders[folder] = stats.mtimeNs >= racySince ? '' : identity;
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
  if (!before || !Object.hasOwn(before, top)) {
    walk(top);
    return { folders };
  }
  for (const [folder, then] of Object.entries(before)) {
    const identity = note(folder);
    if (identity === undefined || (then !== '' && identity === then)) continue;
    for (const entry of entriesOf(folder)) {
      const entryPath = `${folder}/${entry.name}`;
      if (!entry.isDirectory()) suspects.push(entryPath);
      else if (!Object.hasOwn(before, entryPath)) {
        // New: all of it is suspect, and its folders are noted for next time.
        walk(entryPath);
        suspects.push(entryPath);
      }
    }
    if (suspects.length > mostSuspects) return { folders: lookAtFolders(root, top, undefined, now).folders };
  }
  return { folders, suspects };
}

/**
 * Folder identities as one string, `path\0identity\0` for each: the kept catalogue's manifest
 * holds them, and parsing 100,000 of them as a JSON object took 0.3 s of the build's thread before
 * anything else could start; one string is read at once, and unpacked in the look's thread.
 */
export type PackedFolders = string;

export const packFolders = (folders: FolderIdentities): PackedFolders => Object.entries(folders).map(([folder, identity]) => `${folder}\0${identity}\0`).join('');

export function unpackFolders(packed: PackedFolders): FolderIdentities {
  const fields = packed.split('\0');
  const folders: FolderIdentities = {};
  for (let index = 0; index + 1 < fields.length; index += 2) folders[fields[index]!] = fields[index + 1]!;
  return folders;
}

/** A look whose folders are packed, as lookAtFoldersInThread answers. */
export type PackedLook = Omit<FolderLook, 'folders'> & { folders: PackedFolders };

/**
 * lookAtFolders in a thread of its own, the folders packed both ways: at a million report files
 * it stats 100,000 folders, which would hold up the build's thread while it reads the kept catalogue.
 */
export function lookAtFoldersInThread(root: string, top: string, before: PackedFolders | undefined): Promise<PackedLook> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./folder-look-worker.ts', import.meta.url), { workerData: { root, top, before } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the look at the content folders stopped early (exit code ${code})`)));
  });
}
