import type { CatalogueReport } from '../schema/api.ts';
import { addDays } from '../schema/calendar.ts';
import { positionOfId } from './report-positions.ts';

/**
 * A report may name the earlier report it updates (`supersedes`), as a CAP alert references the
 * alert it updates: a new end, a changed condition. The earlier report stops counting from the
 * later one's first day and stays in the history. Cutting its `currentUntil` is the whole of it:
 * status, the current condition, `at`, counts, calendars and feeds all read that one date.
 */

/**
 * Marks each superseded report of `reports` (sorted by id) and ends it the day before its
 * successor's `from`, in place; calls `superseded(older, newer)` with their positions, so that the
 * caller can make the older record's digest depend on the newer. The validator has made sure that
 * each named report exists, belongs to the same landmark, is superseded once and that no chain
 * loops (load/cross-checks.ts); a name that is not found here is left alone.
 */
export function applySupersession(reports: CatalogueReport[], superseded?: (older: number, newer: number) => void): void {
  for (let newer = 0; newer < reports.length; newer++) {
    const { supersedes } = reports[newer]!;
    if (supersedes === null) continue;
    const older = positionOfId(reports, supersedes);
    if (older === -1 || reports[older]!.landmark.slug !== reports[newer]!.landmark.slug) continue;
    const record = reports[older]!;
    // Never before the day before its own start: a report replaced before it began counts on no
    // day, and a period that ends before it begins would be counted as ending twice.
    const dayBeforeNewer = addDays(reports[newer]!.from, -1);
    const dayBeforeOwn = addDays(record.from, -1);
    const lastDay = dayBeforeNewer > dayBeforeOwn ? dayBeforeNewer : dayBeforeOwn;
    record.supersededBy = reports[newer]!.id;
    if (lastDay < record.currentUntil) record.currentUntil = lastDay;
    superseded?.(older, newer);
  }
}
