import { addDays, dayOf, dayOfInstant } from '../schema/calendar.ts';
import { startOfFile, type Problem } from './problem.ts';
import type { Content } from './records.ts';

/** Older than this, a landmark's newest report says little about today: a warning asks for a fresh one. */
export const staleAfterDays = 365;

/**
 * Landmarks whose newest report was observed more than a year before `now`, unless a report's
 * stated end is still ahead (a closure announced until 2030 is known news): not errors (history is
 * honest data), but where the data set no longer knows the present. A landmark with no report is
 * not one: most of the catalogue waits for its first report, which its page, its status ("unknown")
 * and /recheck already say; a warning per landmark would bury the ones that went stale.
 */
export function staleLandmarkWarnings(content: Content, now: Date): Problem[] {
  const today = dayOfInstant(now.getTime());
  const newest = new Map<string, string>();
  const endAhead = new Set<string>();
  for (const report of content.reports) {
    const day = dayOf(report.frontmatter.observedAt);
    const known = newest.get(report.landmarkSlug);
    if (known === undefined || day > known) newest.set(report.landmarkSlug, day);
    if (report.frontmatter.until !== undefined && report.frontmatter.until >= today) endAhead.add(report.landmarkSlug);
  }
  const oldestFresh = addDays(today, -staleAfterDays);
  const warnings: Problem[] = [];
  for (const landmark of content.landmarks) {
    const day = newest.get(landmark.slug);
    if (day === undefined || day >= oldestFresh || endAhead.has(landmark.slug)) continue;
    warnings.push({
      file: landmark.file,
      ...startOfFile,
      field: 'reports',
      message: `newest report observed ${day}, over a year ago; add a current report or a confirmation if you know today's condition (a warning: the content is valid)`,
    });
  }
  return warnings;
}
