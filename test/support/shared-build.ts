import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildSiteFrom, projectRoot } from './build.ts';

/** Longer than a build of the bundled content on a loaded two-core machine. */
const waitLimitMs = 300_000;

/**
 * The site built from a fixture, once per test run however many test files ask for it: the files
 * run in separate processes, so the first to ask builds (holding a folder made with mkdir, which
 * only one process can make) and the others wait for its outcome. Ten test files serve the same
 * small site; building it once saved each of them a build. Tests must not change the files: copy
 * them first to break them.
 */
export async function sharedSiteOf(fixture: string): Promise<string> {
  // Built from a copy of its content, so that the build's caches stay out of the repository.
  const { dist } = await sharedBuild(path.resolve(fixture), (folder) => path.join(folder, 'content-root'), (contentRoot) =>
    cpSync(path.join(fixture, 'content'), path.join(contentRoot, 'content'), { recursive: true }),
  );
  return dist;
}

/**
 * The bundled content as a fresh clone has it (what git holds at HEAD, whatever the working tree
 * has changed), and the site built from it, once per test run as sharedSiteOf builds a fixture:
 * the test files that serve the real catalogue share one build of its 4,000 landmarks.
 */
export async function sharedCommittedContent(): Promise<{ contentRoot: string; dist: string }> {
  return sharedBuild('the committed content', (folder) => path.join(folder, 'clone'), (contentRoot) => {
    const archive = execFileSync('git', ['archive', '--format=tar', 'HEAD', 'content'], { cwd: projectRoot, maxBuffer: 512 * 1024 * 1024 });
    mkdirSync(contentRoot);
    execFileSync('tar', ['-x', '-C', contentRoot], { input: archive });
  });
}

/**
 * Builds the content under `contentRootIn(folder)` into `folder/dist` once per run, after
 * `prepare` has written that content, for whichever test file asks first; the others wait.
 */
async function sharedBuild(key: string, contentRootIn: (folder: string) => string, prepare?: (contentRoot: string) => void): Promise<{ contentRoot: string; dist: string }> {
  // The run's temporary folder (test/support/temporary-folder.ts), removed when the run ends.
  const folder = path.join(tmpdir(), 'shared-builds', createHash('sha256').update(key).digest('hex').slice(0, 16));
  const contentRoot = contentRootIn(folder);
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
    const outcome = await Promise.resolve()
      .then(() => prepare?.(contentRoot))
      .then(() => buildSiteFrom(contentRoot, dist))
      .then(
        () => 'built',
        (error: Error) => `failed: ${error.message}`,
      );
    await writeFile(`${outcomeFile}.incoming`, outcome);
    await rename(`${outcomeFile}.incoming`, outcomeFile);
  }
  for (const started = Date.now(); Date.now() - started < waitLimitMs; await sleep(200)) {
    const outcome = await readFile(outcomeFile, 'utf8').catch(() => undefined);
    if (outcome === 'built') return { contentRoot, dist };
    if (outcome !== undefined) throw new Error(`the shared build of ${key} ${outcome}`);
  }
  throw new Error(`waited ${waitLimitMs / 1000} s for another test file's build of ${key}; it never finished`);
}
