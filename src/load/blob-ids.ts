import { createHash } from 'node:crypto';
import { git, gitBytes } from './git.ts';

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
 * walked, in the listing's bytes, never kept in a map by path nor as one text: at a million files
 * the map held 360 MB and the text 120 MB while the parse cache was opened beside them, which made
 * the load's peak 1.8 GB. git sorts by UTF-8 bytes and `files` by UTF-16 code units; for a path
 * where the two orders part (characters past U+FFFF beside U+E000-U+FFFF), a file may go
 * unmatched and is read, never given another file's id.
 */
export async function unchangedBlobIds(root: string, folder: string, files: readonly string[]): Promise<(string | undefined)[]> {
  const ids = new Array<string | undefined>(files.length).fill(undefined);
  let listed: Buffer;
  let changed: string;
  try {
    [listed, changed] = await Promise.all([
      gitBytes(root, ['ls-files', '--stage', '-z', '--', folder]),
      git(root, ['diff-files', '--name-only', '--relative', '-z', '--', folder]),
    ]);
  } catch {
    return ids;
  }
  const edited = new Set(changed.split('\0'));
  let next = 0;
  // Entry by entry in the listing's bytes: no text of the whole listing, no array of its entries.
  for (let start = 0; start < listed.length && next < files.length; ) {
    const found = listed.indexOf(0, start);
    const end = found === -1 ? listed.length : found;
    // "<mode> <blob id> <stage>\t<path>"; only regular files at stage 0 (no merge in progress).
    const tab = listed.indexOf(tabByte, start);
    if (tab !== -1 && tab < end && isRegularFile(listed, start) && listed[tab - 1] === stageZero) {
      const file = listed.toString('utf8', tab + 1, end);
      while (next < files.length && files[next]! < file) next++;
      if (files[next] === file && !edited.has(file)) ids[next] = listed.toString('latin1', start + 7, tab - 2);
    }
    start = end + 1;
  }
  return ids;
}

const tabByte = 0x09;
const stageZero = 0x30;
/** A regular file's mode starts "100" (100644, 100755); a link's is 120000, a submodule's 160000. */
const isRegularFile = (listed: Buffer, start: number) => listed[start] === 0x31 && listed[start + 1] === 0x30 && listed[start + 2] === 0x30;
