import { execFileSync } from 'node:child_process';

/** Runs git in `cwd` as a test author and returns its output, trimmed. */
export const git = (cwd: string, ...args: string[]): string => gitAt(cwd, undefined, ...args);

/**
 * Runs git in `cwd` with author and committer dates fixed at `date` (ISO 8601) when given, so
 * that commit times do not depend on when the test runs; returns its output, trimmed.
 */
export function gitAt(cwd: string, date: string | undefined, ...args: string[]): string {
  const env = date === undefined ? process.env : { ...process.env, GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date };
  return execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.invalid', ...args], { cwd, encoding: 'utf8', env }).trim();
}

/** Makes `root` a git repository with everything in it committed, at `date` when given. */
export function commitEverything(root: string, message: string, date?: string): void {
  gitAt(root, date, 'init', '-q');
  gitAt(root, date, 'add', '-A');
  gitAt(root, date, 'commit', '-q', '-m', message);
}
