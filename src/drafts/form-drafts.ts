import type { ConfirmedReportDraft, ReportDraft } from '../domain/report-draft.ts';
import type { Problem } from '../load/problem.ts';
import { addConfirmation } from './add-confirmation.ts';
import { checkReportText } from './check-report-text.ts';
import { reportFilePath, reportFileText } from './report-file-text.ts';
import { newReportId } from './report-id.ts';

/**
 * What the landmark page's forms make of their fields: the file `npm run new-report` would write,
 * or the lines `npm run confirm` would add, with the problems `npm run validate` would name in
 * them. Kept apart from the page's script so that it runs, and is tested, in Node as well.
 */

/** The report form's fields as typed; an empty optional field is left out of the file. */
export interface ReportFields {
  condition: string;
  summary: string;
  observedAt: string;
  sourceKind: string;
  sourceName: string;
  sourceUrl: string;
  from: string;
  until: string;
  untilKind: string;
  details: string;
}

export interface ReportFileDraft {
  file: string;
  text: string;
  problems: Problem[];
}

const given = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());

export function draftReportFile(landmarkSlug: string, fields: ReportFields, now: Date, random?: (size: number) => Uint8Array): ReportFileDraft {
  const draft: ReportDraft = {
    landmarkSlug,
    // Unique by chance (31^10 ids); the pull request's check still names a clash.
    id: newReportId(new Set(), random),
    condition: fields.condition,
    summary: fields.summary.trim(),
    observedAt: fields.observedAt.trim(),
    source: { kind: fields.sourceKind, name: given(fields.sourceName), url: given(fields.sourceUrl) },
    from: given(fields.from),
    until: given(fields.until),
    untilKind: given(fields.untilKind),
    details: given(fields.details),
  };
  const file = reportFilePath(landmarkSlug, draft.id);
  const text = reportFileText(draft);
  return { file, text, problems: checkReportText(file, text, now) };
}

export interface ConfirmationDraft {
  file: string;
  /** The lines to paste, exactly as `npm run confirm` would add them. */
  lines: string;
  /** Whether they go at the end of an existing confirmations list, rather than after observedAt. */
  extendsList: boolean;
  problems: Problem[];
}

/** The lines of `after` that are not in `before`, which differs from it only by lines inserted in one place. */
function insertedLines(before: string, after: string): string {
  const old = before.split('\n');
  const now = after.split('\n');
  let head = 0;
  while (head < old.length && old[head] === now[head]) head++;
  let tail = 0;
  while (tail < old.length - head && old[old.length - 1 - tail] === now[now.length - 1 - tail]) tail++;
  return now.slice(head, now.length - tail).join('\n');
}

export function draftConfirmation(report: ConfirmedReportDraft, date: string, note: string, now: Date): ConfirmationDraft {
  const file = reportFilePath(report.landmarkSlug, report.id);
  // The report's file as the scaffolding writes it, with the confirmations it already has: the
  // new one is checked where `npm run confirm` would put it, against the same observedAt.
  let text = reportFileText(report);
  for (const earlier of report.confirmations) {
    const edited = addConfirmation(text, earlier);
    if (edited.ok) text = edited.text;
  }
  const index = report.confirmations.length;
  const edited = addConfirmation(text, { date: date.trim(), note: given(note) });
  if (!edited.ok) return { file, lines: '', extendsList: index > 0, problems: [{ file, line: 1, column: 1, field: 'confirmations', message: edited.message }] };
  const problems = checkReportText(file, edited.text, now).filter((problem) => problem.field.startsWith(`confirmations.${index}`));
  return { file, lines: insertedLines(text, edited.text), extendsList: index > 0, problems };
}
