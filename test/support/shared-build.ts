import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSiteFrom, projectRoot } from './build.ts';
import { copyFixtureInto } from './content-files.ts';
import { oncePerRun } from './once-per-run.ts';

/** Longer than a build of the bundled content on a loaded two-core machine. */
const waitLimitMs = 300_000;

/**
 * The site built from a copy of a fixture's content, once per test run however many test files ask
 * for it (once-per-run.ts). Ten test files serve the same small site; building it once saved each
 * of them a build. Tests must not change the files: copy them first to break them.
 */
export async function sharedSiteOf(fixture: string): Promise<string> {
  const { dist } = await sharedBuild(path.resolve(fixture), (folder) => path.join(folder, 'content-root'), (contentRoot) => copyFixtureInto(fixture, contentRoot));
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
async function sharedBuild(key: string, contentRootIn: (folder: string) => string, prepare?: (contentRoot: string) => void | Promise<void>): Promise<{ contentRoot: string; dist: string }> {
  const folder = path.join(tmpdir(), 'shared-builds', createHash('sha256').update(key).digest('hex').slice(0, 16));
  const contentRoot = contentRootIn(folder);
  const dist = path.join(folder, 'dist');
  await oncePerRun(folder, `the shared build of ${key}`, waitLimitMs, async () => {
    await prepare?.(contentRoot);
    await buildSiteFrom(contentRoot, dist);
    return true; // an outcome the other processes can read back (undefined does not survive JSON)
  });
  return { contentRoot, dist };
}
