import { createHash } from 'node:crypto';
import { git } from './git.ts';

/** git's id for these bytes (what `git hash-object` prints), so an uncommitted edit has its own id. */
export function blobIdOf(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.byteLength}\0`).update(bytes).digest('hex');
}

/**
 * The blob id git already holds for each of `files` (paths relative to `root`, sorted ascending)
 * whose working copy is unchanged: with it, an unchanged file is found in the parse cache without
 * being read. Files edited, added or not tracked get none (their bytes are hashed when read), and
 * so does every file when `root` is not in a git work tree.
 *
 * git lists its files sorted too, so each is matched with the next of `files` as both lists are
 * walked, never kept in a map by path: at a million files that map held 360 MB while the parse
 * cache was opened beside it, which made the load's peak 1.8 GB. git sorts by UTF-8 bytes and
 * `files` by UTF-16 code units; for a path where the two orders part (characters past U+FFFF
 * beside U+E000-U+FFFF), a file may go unmatched and is read, never given another file's id.
 */
export async function unchangedBlobIds(root: string, folder: string, files: readonly string[]): Promise<(string | undefined)[]> {
  const ids = new Array<string | undefined>(files.length).fill(undefined);
  let listed: string;
  let changed: string;
  try {
    [listed, changed] = await Promise.all([
      git(root, ['ls-files', '--stage', '-z', '--', folder]),
      git(root, ['diff-files', '--name-only', '--relative', '-z', '--', folder]),
    ]);
  } catch {
    return ids;
  }
  const edited = new Set(changed.split('\0'));
  let next = 0;
  // Entry by entry in place, not split into a million strings first.
  for (let start = 0; start < listed.length && next < files.length; ) {
    const found = listed.indexOf('\0', start);
    const end = found === -1 ? listed.length : found;
    // "<mode> <blob id> <stage>\t<path>"; only regular files at stage 0 (no merge in progress).
    const tab = listed.indexOf('\t', start);
    if (tab !== -1 && tab < end && listed.startsWith('100', start) && listed[tab - 1] === '0') {
      const file = listed.slice(tab + 1, end);
      while (next < files.length && files[next]! < file) next++;
      // A copy of the id, not a slice: a slice would hold the whole listing (100 MB at a million
      // files) for as long as the records keep their ids.
      if (files[next] === file && !edited.has(file)) ids[next] = Buffer.from(listed.slice(start + 7, tab - 2), 'latin1').toString('latin1');
    }
    start = end + 1;
  }
  return ids;
}
