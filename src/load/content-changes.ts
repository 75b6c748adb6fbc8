import { lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { blobIdOf } from './blob-ids.ts';
import { lookAtFoldersInThread, type FolderLook, type PackedFolders } from './folder-look.ts';
import { git } from './git.ts';

/**
 * What git says about `content/` at one moment: enough to tell, later, which files may have
 * changed since without listing or hashing the million files that did not.
 */
export interface ContentState {
  /** The commit checked out. */
  head: string;
  /** git's id of the `content/` folder at that commit. */
  tree: string;
  /**
   * Files whose working copy differed from that folder (edited, staged, deleted or untracked), each
   * with the id of its bytes then: null when it was deleted, "unknown" when it was not a regular
   * file or there were too many to hash (such a file counts as changed every time).
   */
  overlay: Record<string, string | null>;
  /** The folders under `content/` then, packed (folder-look.ts): where the next look searches for untracked files. */
  folders?: PackedFolders;
}

export interface ContentChanges {
  state: ContentState;
  /**
   * The files, relative to the root, that may differ from what they were at the earlier state,
   * sorted; undefined when git cannot tell (that commit is not an ancestor of this one).
   */
  changed?: string[];
}

const folder = 'content';

/**
 * Past this many differing files, they are not hashed: an untracked file left as it was is worth
 * knowing among a contributor's few, but when git finds every file differing (a copied work tree
 * whose index no longer matches the files' metadata), reading a million of them here would only
 * delay the full load that follows.
 */
const mostFilesHashed = 1000;

/** What git is given as arguments fits in a command line of this many characters (Windows allows 32,767). */
const commandLineLength = 30_000;

/**
 * The state of `content/` now and, given an earlier state, the files that may have changed since:
 * those that differ between the two commits' folders, those touched by the commits in between
 * (their commit time changed even if a later commit restored their bytes), and those whose working
 * copy differed from the folder then or differs now, unless it has the same bytes as then (an
 * untracked file left as it was). Any other file has the bytes and commit time it had then. git
 * compares working copies by their file system metadata, as `git status` does.
 *
 * Undefined outside a git work tree, or when `content/` is not committed.
 */
export async function contentChanges(root: string, before?: ContentState): Promise<ContentChanges | undefined> {
  const paths = (output: string, prefix = '') => output.split('\0').filter(Boolean).map((file) => prefix + file);
  let state: ContentState;
  try {
    // The look at the folders may fail (a folder it may not read): git then looks everywhere.
    const look = lookAtFoldersInThread(root, folder, before?.folders).catch((): FolderLook | undefined => undefined);
    const [head, tree, edited, untracked, folders] = await Promise.all([
      git(root, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']),
      git(root, ['rev-parse', '--verify', '--quiet', `HEAD:./${folder}`]),
      // Paths relative to the root, which may be a folder inside the work tree.
      git(root, ['diff-index', '--name-only', '-z', '--no-renames', '--relative', 'HEAD', '--', folder]),
      look.then((found) => untrackedFiles(root, found, before)),
      look.then((found) => found?.folders),
    ]);
    const overlay = [...new Set([...paths(edited), ...paths(untracked)])].sort();
    const identity = (file: string) => (overlay.length <= mostFilesHashed ? identityOf(path.join(root, file)) : 'unknown');
    state = {
      head: head.trim(),
      tree: tree.trim(),
      overlay: Object.fromEntries(overlay.map((file) => [file, identity(file)])),
      ...(folders ? { folders } : {}),
    };
    if ((await git(root, ['cat-file', '-t', state.tree])).trim() !== 'tree') return undefined; // content/ committed as a link
  } catch {
    return undefined;
  }
  if (!before) return { state };
  try {
    const changed = new Set<string>();
    for (const file of new Set([...Object.keys(before.overlay), ...Object.keys(state.overlay)])) {
      const then = Object.hasOwn(before.overlay, file) ? before.overlay[file] : undefined;
      if (then === undefined || then !== state.overlay[file] || then === 'unknown') changed.add(file);
    }
    if (before.head !== state.head) {
      await git(root, ['merge-base', '--is-ancestor', before.head, state.head]);
      const [differing, touched] = await Promise.all([
        git(root, ['diff-tree', '-r', '-z', '--no-renames', '--name-only', before.tree, state.tree]),
        git(root, ['log', '--format=', '--name-only', '-z', '--no-renames', '--relative', `${before.head}..${state.head}`, '--', folder]),
      ]);
      for (const file of paths(differing, `${folder}/`)) changed.add(file);
      for (const file of paths(touched)) changed.add(file);
    }
    return { state, changed: [...changed].sort() };
  } catch {
    return { state }; // the earlier commit is not an ancestor, or this clone does not have it
  }
}

/**
 * What git lists as untracked (ignored files too: the build reads every file under content/) among
 * the suspects of the folders' look and the files that differed last time (an untracked file then
 * may still be one); under every folder when the look has no suspects to name, or too many.
 */
async function untrackedFiles(root: string, look: FolderLook | undefined, before: ContentState | undefined): Promise<string> {
  const everywhere = () => git(root, ['ls-files', '--others', '-z', '--', folder]);
  if (!look?.suspects) return everywhere();
  const suspects = [...new Set([...look.suspects, ...Object.keys(before?.overlay ?? {})])];
  if (suspects.length === 0) return '';
  // Each as `:(literal)<path>`, and a space.
  if (suspects.reduce((length, suspect) => length + suspect.length + 12, 0) > commandLineLength) return everywhere();
  return git(root, ['ls-files', '--others', '-z', '--', ...suspects.map((suspect) => `:(literal)${suspect}`)]);
}

/** The id of a file's bytes; null when there is no file, "unknown" when it is not a regular file. */
function identityOf(file: string): string | null {
  try {
    return lstatSync(file).isFile() ? blobIdOf(readFileSync(file)) : 'unknown';
  } catch {
    return null;
  }
}
