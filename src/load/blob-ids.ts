import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';

const run = promisify(execFile);

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
    const options = { cwd: root, maxBuffer: 1024 * 1024 * 1024 };
    [{ stdout: listed }, { stdout: changed }] = await Promise.all([
      run('git', ['ls-files', '--stage', '-z', '--', folder], options),
      run('git', ['diff-files', '--name-only', '--relative', '-z', '--', folder], options),
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
    if (!edited.has(file)) ids.set(file, entry.slice(7, tab - 2));
  }
  return ids;
}
