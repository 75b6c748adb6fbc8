import { createHash } from 'node:crypto';
import { git } from './git.ts';

/** git's id for these bytes (what `git hash-object` prints), so an uncommitted edit has its own id. */
export function blobIdOf(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.byteLength}\0`).update(bytes).digest('hex');
}

/**
 * The blob ids git already holds for the files under `folder` whose working copy is unchanged,
 * keyed by path relative to `root`: with them, an unchanged file is found in the parse cache
 * without being read. Files edited, added or not tracked are absent (their bytes are hashed when
 * read), and so is everything when `root` is not in a git work tree.
 */
export async function unchangedBlobIds(root: string, folder: string): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
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
  for (const entry of listed.split('\0')) {
    // "<mode> <blob id> <stage>\t<path>"; only regular files at stage 0 (no merge in progress).
    const tab = entry.indexOf('\t');
    if (tab === -1 || !entry.startsWith('100') || entry[tab - 1] !== '0') continue;
    const file = entry.slice(tab + 1);
    // A copy of the id, not a slice: a slice would hold the whole listing (100 MB at a million
    // files) for as long as the records keep their ids.
    if (!edited.has(file)) ids.set(file, Buffer.from(entry.slice(7, tab - 2), 'latin1').toString('latin1'));
  }
  return ids;
}
