import { cpSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { onTestFinished } from 'vitest';
import type { CommandIo } from '../../src/cli/command-line.ts';
import { parseCacheDir } from '../../src/kept/parse-cache.ts';
import { loadContent } from '../../src/load/load-content.ts';
import { projectRoot } from './build.ts';

export const now = new Date('2026-11-20T12:00:00Z');

export interface RecordedIo extends CommandIo {
  /** Everything written to output and errors so far. */
  readonly stdout: string;
  readonly stderr: string;
}

/** Streams for a command: `answers` are the lines a person would type, when `interactive`. */
export function recordedIo({ interactive = false, answers = [] as string[] } = {}): RecordedIo {
  const input = new PassThrough();
  const output = new PassThrough();
  const errors = new PassThrough();
  let stdout = '';
  let stderr = '';
  output.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  errors.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  input.end(answers.length > 0 ? `${answers.join('\n')}\n` : '');
  return {
    input,
    output,
    errors,
    interactive,
    now,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
  };
}

/**
 * A copy of the bundled content in a temp folder, for commands to write into; removed after the
 * test. It comes with the parse cache that `npm run validate` would have left, as a contributor's
 * clone has after their first validate: the commands then load 4,000 landmarks in a fraction of a
 * second instead of parsing them twice per command.
 */
export async function copyOfBundledContent(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'lcr-scaffold-'));
  onTestFinished(() => rm(root, { recursive: true, force: true }));
  const cache = await bundledParseCache();
  // The synchronous copy: 1.2 s for the 4,600 files where the promise-based one took 6.3 s. A copy,
  // not links: tests edit files in place to break them.
  cpSync(path.join(projectRoot, 'content'), path.join(root, 'content'), { recursive: true });
  cpSync(cache, parseCacheDir(root), { recursive: true });
  return root;
}

let parseCache: Promise<string> | undefined;

/**
 * The parse cache of the bundled content, made by validating it once per vitest process, which
 * keeps this module from one test file to the next.
 */
function bundledParseCache(): Promise<string> {
  parseCache ??= (async () => {
    const cacheDir = path.join(await mkdtemp(path.join(tmpdir(), 'lcr-parse-cache-')), 'parsed-content');
    const { problems } = await loadContent({ root: projectRoot, now, readCommitTimes: false, cacheDir });
    if (problems.length > 0) throw new Error(`the bundled content has ${problems.length} problem(s): run npm run validate`);
    return cacheDir;
  })();
  return parseCache;
}

