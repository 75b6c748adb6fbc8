import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadContent } from '../load/load-content.ts';
import { describeProblemsAfterWriting, type CommandIo } from './command-line.ts';

/**
 * Writes a checked file (never over an existing one), then validates the whole content set as
 * `npm run validate` would and prints any problem of the new file. Returns the exit code.
 */
export async function writeAndValidate(root: string, file: string, text: string, io: CommandIo, mode: 'create' | 'replace'): Promise<number> {
  const target = path.join(root, file);
  await mkdir(path.dirname(target), { recursive: true });
  try {
    await writeFile(target, text, { flag: mode === 'create' ? 'wx' : 'w' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      io.errors.write(`${file} already exists; nothing was written.\n`);
      return 1;
    }
    throw error;
  }
  io.output.write(`${mode === 'create' ? 'Created' : 'Updated'} ${file}\n`);
  const { problems } = await loadContent({ root, now: io.now, readCommitTimes: false });
  const { own, othersNote } = describeProblemsAfterWriting(problems, file);
  for (const line of own) io.errors.write(`${line}\n`);
  if (othersNote) io.output.write(`${othersNote}\n`);
  return own.length > 0 ? 1 : 0;
}
