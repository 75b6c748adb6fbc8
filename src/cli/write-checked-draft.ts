import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Problem } from '../load/problem.ts';
import type { Content } from '../load/records.ts';
import { checkDraft } from '../drafts/check-draft.ts';
import { loadForCommand } from './content-index.ts';
import { describeDraftProblems, describeProblemsAfterWriting, type CommandIo } from './command-line.ts';

export interface Draft {
  /** The folder holding content/. */
  root: string;
  /** The content as it is now, to check the draft against. */
  content: Content;
  /** The draft's path inside root. */
  file: string;
  text: string;
  /** A new file, or an edit of an existing one. */
  mode: 'create' | 'replace';
}

export interface DraftWording {
  /** The flag that sets each field, so that a problem names what to change. */
  flagsByField: Readonly<Record<string, string>>;
  /** Adds a command's own hint to a problem. */
  hint?: (problem: Problem) => Problem;
}

/**
 * The last step of every scaffolding command: checks the draft as `npm run validate` would, and
 * writes it only when it has no problem. Returns the exit code.
 */
export async function writeCheckedDraft(draft: Draft, io: CommandIo, { flagsByField, hint }: DraftWording): Promise<number> {
  const problems = checkDraft(draft.content, draft.file, draft.text, io.now).map((problem) => hint?.(problem) ?? problem);
  if (problems.length > 0) {
    const kept = draft.mode === 'create' ? 'fix the values above and run the command again' : `${draft.file} is unchanged`;
    io.errors.write(`${describeDraftProblems(problems, flagsByField)}\nNothing was written; ${kept}.\n`);
    return 1;
  }
  return writeAndValidate(draft.root, draft.file, draft.text, io, draft.mode);
}

/**
 * Writes a checked file (a new one never over an existing file), then validates the whole content set as
 * `npm run validate` would and prints any problem of the new file. Returns the exit code.
 */
async function writeAndValidate(root: string, file: string, text: string, io: CommandIo, mode: 'create' | 'replace'): Promise<number> {
  const target = path.join(root, file);
  await mkdir(path.dirname(target), { recursive: true });
  try {
    if (mode === 'create') await writeFile(target, text, { flag: 'wx' });
    else await replaceFile(target, text);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      io.errors.write(`${file} already exists; nothing was written.\n`);
      return 1;
    }
    throw error;
  }
  io.output.write(`${mode === 'create' ? 'Created' : 'Updated'} ${file}\n`);
  const { problems } = await loadForCommand(root, io.now);
  const { own, othersNote } = describeProblemsAfterWriting(problems, file);
  for (const line of own) io.errors.write(`${line}\n`);
  if (othersNote) io.output.write(`${othersNote}\n`);
  return own.length > 0 ? 1 : 0;
}

/**
 * Writes the new text beside the file and renames it over: an interrupted command leaves the old
 * file or the new one, never half of each.
 */
async function replaceFile(target: string, text: string): Promise<void> {
  const incoming = `${target}.${process.pid}.incoming`;
  try {
    await writeFile(incoming, text, { flag: 'wx' });
    await rename(incoming, target);
  } finally {
    await rm(incoming, { force: true });
  }
}
