import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { onTestFinished } from 'vitest';
import type { CommandIo } from '../../src/cli/command-line.ts';
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

/** A copy of the bundled content in a temp folder, for commands to write into; removed after the test. */
export async function copyOfBundledContent(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'lcr-scaffold-'));
  onTestFinished(() => rm(root, { recursive: true, force: true }));
  await cp(path.join(projectRoot, 'content'), path.join(root, 'content'), { recursive: true });
  return root;
}
