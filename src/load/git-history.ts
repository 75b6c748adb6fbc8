import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The time of the last commit that touched each file below `folder`, read in one pass of `git log`
 * (newest first, so the first time a file is named is its latest change). Without git history,
 * for example in an exported tarball, the map is empty and callers fall back to content dates.
 */
export async function lastCommitTimes(repositoryRoot: string, folder: string): Promise<Map<string, string>> {
  const times = new Map<string, string>();
  let output: string;
  try {
    const result = await run('git', ['log', '--format=%x1e%cI', '--name-only', '--no-renames', '--', folder], {
      cwd: repositoryRoot,
      maxBuffer: 512 * 1024 * 1024,
    });
    output = result.stdout;
  } catch {
    return times;
  }
  const prefix = await gitPrefix(repositoryRoot);
  for (const commit of output.split('\x1e')) {
    const [date, ...files] = commit.trim().split('\n');
    if (!date) continue;
    const committedAt = new Date(date).toISOString().replace('.000Z', 'Z');
    for (const file of files) {
      const relative = file.startsWith(prefix) ? file.slice(prefix.length) : file;
      if (relative && !times.has(relative)) times.set(relative, committedAt);
    }
  }
  return times;
}

/** git names files from the top of the work tree; the content root may be a folder inside it. */
async function gitPrefix(repositoryRoot: string): Promise<string> {
  try {
    const { stdout } = await run('git', ['rev-parse', '--show-prefix'], { cwd: repositoryRoot });
    return stdout.trim();
  } catch {
    return '';
  }
}
