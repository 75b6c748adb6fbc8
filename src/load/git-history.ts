import type { CommitTimes } from '../kept/commit-times.ts';
import { toTimestamp } from '../schema/calendar.ts';
import { git } from './git.ts';

/**
 * The time of the last commit that touched each file below `folder`. Given the times as of an
 * earlier commit, only the commits since are read: `git log` over the whole history grows with
 * every merged pull request (3.5 s for 50,000 commits of one file each, far more when each
 * commit also rewrites a folder of many landmarks), while the commits since the last build are a
 * few. A file's time is the latest of its commits, so reading the new commits on top of the times
 * kept gives what one pass over the whole history gives. When `known` is not an ancestor of the
 * current commit (a rewritten history), the whole history is read again. `known.times` is
 * extended in place and returned: a million entries are not copied.
 *
 * Undefined outside a git work tree (an exported tarball): callers fall back to content dates.
 */
export async function lastCommitTimes(repositoryRoot: string, folder: string, known?: CommitTimes): Promise<CommitTimes | undefined> {
  const head = await git(repositoryRoot, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']).then((out) => out.trim(), () => undefined);
  if (!head) return undefined;
  if (known?.head === head) return known;
  const since = known && (await isAncestor(repositoryRoot, known.head, head)) ? known : undefined;
  let output: string;
  try {
    output = await git(repositoryRoot, ['log', '--format=%x1e%cI', '--name-only', '--no-renames', since ? `${since.head}..${head}` : head, '--', folder]);
  } catch {
    return undefined;
  }
  const prefix = await gitPrefix(repositoryRoot);
  const times = since?.times ?? new Map<string, string>();
  for (const commit of output.split('\x1e')) {
    const [date, ...files] = commit.trim().split('\n');
    if (!date) continue;
    const committedAt = toTimestamp(Date.parse(date));
    for (const file of files) {
      const relative = file.startsWith(prefix) ? file.slice(prefix.length) : file;
      if (relative) noteCommitTime(times, relative, committedAt);
    }
  }
  return { head, times };
}

async function isAncestor(repositoryRoot: string, commit: string, head: string): Promise<boolean> {
  return git(repositoryRoot, ['merge-base', '--is-ancestor', commit, head]).then(
    () => true,
    () => false, // not an ancestor, or a commit this clone does not have
  );
}

/** git names files from the top of the work tree; the content root may be a folder inside it. */
async function gitPrefix(repositoryRoot: string): Promise<string> {
  try {
    return (await git(repositoryRoot, ['rev-parse', '--show-prefix'])).trim();
  } catch {
    return '';
  }
}

/**
 * Notes that `file` was committed at `committedAt`: its time is the latest of its commits, not the
 * first listed (with clocks out of step, git's order is not the dates').
 */
export function noteCommitTime(times: Map<string, string>, file: string, committedAt: string): void {
  const earlier = times.get(file);
  if (earlier === undefined || earlier < committedAt) times.set(file, committedAt);
}
