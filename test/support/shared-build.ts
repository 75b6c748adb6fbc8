import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildSiteFrom } from './build.ts';

/** Longer than a build of the small fixture on a loaded two-core machine. */
const waitLimitMs = 300_000;

/**
 * The site built from a fixture, once per test run however many test files ask for it: the files
 * run in separate processes, so the first to ask builds (holding a folder made with mkdir, which
 * only one process can make) and the others wait for its outcome. Ten test files serve the same
 * small site; building it once saved each of them a build. Tests must not change the files: copy
 * them first to break them.
 */
export async function sharedSiteOf(fixture: string): Promise<string> {
  // The run's temporary folder (test/support/temporary-folder.ts), removed when the run ends.
  const folder = path.join(tmpdir(), 'shared-builds', createHash('sha256').update(path.resolve(fixture)).digest('hex').slice(0, 16));
  const dist = path.join(folder, 'dist');
  const outcomeFile = path.join(folder, 'outcome');
  await mkdir(path.dirname(folder), { recursive: true });
  const builder = await mkdir(folder).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') return false;
      throw error;
    },
  );
  if (builder) {
    const outcome = await buildSiteFrom(fixture, dist).then(
      () => 'built',
      (error: Error) => `failed: ${error.message}`,
    );
    await writeFile(`${outcomeFile}.incoming`, outcome);
    await rename(`${outcomeFile}.incoming`, outcomeFile);
  }
  for (const started = Date.now(); Date.now() - started < waitLimitMs; await sleep(200)) {
    const outcome = await readFile(outcomeFile, 'utf8').catch(() => undefined);
    if (outcome === 'built') return dist;
    if (outcome !== undefined) throw new Error(`the shared build of ${fixture} ${outcome}`);
  }
  throw new Error(`waited ${waitLimitMs / 1000} s for another test file's build of ${fixture}; it never finished`);
}
