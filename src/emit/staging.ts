import { cp, lstat, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { isRunning } from '../kept/running-process.ts';

/**
 * The folders a build stages the site in, and how the finished site takes the published one's
 * place: readers see the previous site or the new one, never half of either.
 */

/**
 * A build that was killed (out of memory, interrupted) cannot remove its staging folders, which
 * hold a whole site; the next build removes those of processes no longer running. Builds running
 * at the same time (parallel tests) keep theirs. A staging folder is named `prefix`, the pid of its
 * build, and optionally a dot and a role.
 */
export async function removeAbandonedStaging(projectRoot: string, prefix: string): Promise<void> {
  for (const entry of await readdir(projectRoot)) {
    const pid = entry.startsWith(prefix) ? /^(\d+)(\.|$)/.exec(entry.slice(prefix.length))?.[1] : undefined;
    if (pid !== undefined && !isRunning(Number(pid))) await rm(path.join(projectRoot, entry), { recursive: true, force: true });
  }
}

/**
 * Moves everything in `from` into `to`, joining the folders both hold (`under` is the one being
 * joined). A file both hold would be two parts of the build writing one address: that is a bug,
 * said as one, never a silent overwrite.
 */
export async function moveInto(from: string, to: string, under = ''): Promise<void> {
  for (const entry of await readdir(path.join(from, under), { withFileTypes: true })) {
    const name = path.join(under, entry.name);
    const existing = await lstat(path.join(to, name)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!existing) await rename(path.join(from, name), path.join(to, name));
    else if (entry.isDirectory() && existing.isDirectory()) await moveInto(from, to, name);
    else throw new Error(`${name} was written both by the pages and by the data of the build; each file of the site must have one maker`);
  }
}

/**
 * Replaces `target` with `staging` by two renames, so readers never see a half-written site. A
 * target on another file system (a temporary folder) first gets a full copy beside it.
 */
export async function swapIn(staging: string, target: string): Promise<void> {
  const incoming = `${target}.incoming-${process.pid}`;
  try {
    await rename(staging, incoming);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(staging, incoming, { recursive: true });
  }
  try {
    await replaceWith(incoming, target);
  } finally {
    await rm(incoming, { recursive: true, force: true });
  }
}

async function replaceWith(staging: string, target: string): Promise<void> {
  const previous = `${target}.previous-${process.pid}`;
  const hadPrevious = await rename(target, previous).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
  await rename(staging, target);
  if (hadPrevious) await rm(previous, { recursive: true, force: true });
}
