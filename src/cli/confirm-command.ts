import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { confirmation as confirmationSchema } from '../schema/report-frontmatter.ts';
import { didYouMean } from '../load/did-you-mean.ts';
import { addConfirmation } from '../drafts/add-confirmation.ts';
import { checkWithSchema } from './answer-checks.ts';
import { localDay, readCommandLine, type CommandIo } from './command-line.ts';
import { indexContent } from './content-index.ts';
import { writeCheckedDraft } from './write-checked-draft.ts';

export const confirmUsage = `usage: npm run confirm -- <report-id> [--date YYYY-MM-DD] [--note "<what you saw>"] [--root <dir>]
Adds a dated confirmation (default: today) to a report whose condition still holds.`;

const options = {
  date: { type: 'string' },
  note: { type: 'string' },
  root: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const flagsByField: Record<string, string> = { 'confirmations.N.date': '--date', 'confirmations.N.note': '--note' };

/** `npm run confirm`: adds `{ date, note }` to a report's confirmations, editing nothing else. Returns the exit code. */
export async function confirmCommand(args: string[], io: CommandIo, defaultRoot: string): Promise<number> {
  const parsed = readCommandLine(args, options, confirmUsage, io, true);
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  if (positionals.length !== 1) {
    io.errors.write(`expected one report id; got ${positionals.length === 0 ? 'none' : positionals.join(' ')}\n${confirmUsage}\n`);
    return 2;
  }
  // People paste the file name or its path as often as the id.
  const id = path.posix.basename(positionals[0]!.replace(/\\/g, '/'), '.md');
  const root = path.resolve(values.root ?? defaultRoot);
  const index = await indexContent(root, io.now);
  const report = index.content.reports.find((candidate) => candidate.id === id);
  if (!report) {
    const broken = index.reportIds.has(id);
    io.errors.write(
      broken
        ? `report ${id} has problems to fix first; run npm run validate to see them. Nothing was written.\n`
        : `expected the id of a report in content/reports/; got "${id}"${didYouMean(id, [...index.reportIds])}. Nothing was written.\n`,
    );
    return 1;
  }

  const confirmation = { date: values.date ?? localDay(io.now), ...(values.note === undefined ? {} : { note: values.note }) };
  // The schema's own checks first, so a malformed value is refused before it can reach the YAML.
  const refusals = [
    ['--date', checkWithSchema(confirmationSchema.shape.date, confirmation.date)] as const,
    ...(confirmation.note === undefined ? [] : [['--note', checkWithSchema(confirmationSchema.shape.note, confirmation.note)] as const]),
  ].flatMap(([flag, checked]) => (checked.ok ? [] : [`${flag}: ${checked.message}`]));
  if (refusals.length > 0) {
    io.errors.write(`${refusals.join('\n')}\nNothing was written.\n`);
    return 1;
  }
  const text = await readFile(path.join(root, report.file), 'utf8');
  const edited = addConfirmation(text, confirmation);
  if (!edited.ok) {
    io.errors.write(`${report.file}: ${edited.message}\n`);
    return 1;
  }
  const code = await writeCheckedDraft({ root, content: index.content, file: report.file, text: edited.text, mode: 'replace' }, io, { flagsByField });
  if (code === 0) io.output.write(`Confirmed on ${confirmation.date}. Open a pull request with the change (CONTRIBUTING.md shows how).\n`);
  return code;
}
