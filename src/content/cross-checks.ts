import { dayOf, instantOf } from '../schema/calendar.ts';
import { didYouMean } from './did-you-mean.ts';
import { startOfFile, type Problem } from './problem.ts';
import type { Content, ReportRecord } from './records.ts';

/** A plain date is "in the future" only once its whole day is: a report dated today is fine anywhere on Earth. */
function isInFuture(value: string, now: Date): boolean {
  return value.length === 10 ? value > now.toISOString().slice(0, 10) : instantOf(value) > now.getTime();
}

function checkReportDates(report: ReportRecord, now: Date): Problem[] {
  const problems: Problem[] = [];
  const { observedAt, confirmations, until, source } = report.frontmatter;
  const at = (path: PropertyKey[], field: string, message: string) =>
    problems.push({ file: report.file, ...report.locate(path), field, message });

  if (isInFuture(observedAt, now)) {
    at(['observedAt'], 'observedAt', `expected a date no later than today (${now.toISOString().slice(0, 10)}); got "${observedAt}"`);
  }
  confirmations.forEach((confirmation, index) => {
    const path = ['confirmations', index, 'date'];
    const field = `confirmations.${index}.date`;
    if (isInFuture(confirmation.date, now)) {
      at(path, field, `expected a date no later than today (${now.toISOString().slice(0, 10)}); got "${confirmation.date}"`);
    }
    if (instantOf(confirmation.date) < instantOf(observedAt)) {
      at(path, field, `expected a date on or after observedAt (${observedAt}); got "${confirmation.date}" (a confirmation comes after the observation)`);
    }
  });
  if (until !== undefined) {
    if (source.kind !== 'official') {
      at(['until'], 'until', 'expected until only on official reports; got it on a traveller report (remove until, or set source.kind: official with the source.url that announced it)');
    }
    if (until < dayOf(observedAt)) {
      at(['until'], 'until', `expected a date on or after observedAt (${dayOf(observedAt)}); got "${until}"`);
    }
  }
  if (source.kind === 'official' && source.url === undefined) {
    at(['source'], 'source.url', 'expected a source.url on an official report; got nothing (link the announcement so readers can check it)');
  }
  return problems;
}

/** Rules that need more than one file: references, uniqueness, and dates against the clock. */
export function crossCheck(content: Content, now: Date): Problem[] {
  const problems: Problem[] = [];
  const slugs = content.landmarks.map((landmark) => landmark.slug);
  const knownSlugs = new Set(slugs);

  const firstLandmarkByWikidata = new Map<string, string>();
  for (const landmark of content.landmarks) {
    const other = firstLandmarkByWikidata.get(landmark.frontmatter.wikidata);
    if (other === undefined) {
      firstLandmarkByWikidata.set(landmark.frontmatter.wikidata, landmark.file);
    } else {
      problems.push({
        file: landmark.file,
        ...landmark.locate(['wikidata']),
        field: 'wikidata',
        message: `expected a Wikidata id used by one landmark only; got "${landmark.frontmatter.wikidata}", also used by ${other} (merge the two landmarks or correct the id)`,
      });
    }
  }

  const firstFileById = new Map<string, string>();
  for (const report of content.reports) {
    const other = firstFileById.get(report.id);
    if (other === undefined) {
      firstFileById.set(report.id, report.file);
    } else {
      problems.push({
        file: report.file,
        ...startOfFile,
        field: 'id',
        message: `expected a unique report id; got "${report.id}", also used by ${other} (run npm run new-report for a fresh id)`,
      });
    }
    if (!knownSlugs.has(report.landmarkSlug)) {
      problems.push({
        file: report.file,
        ...startOfFile,
        field: 'landmark',
        message: `expected the folder to name a landmark in content/landmarks/; got "${report.landmarkSlug}"${didYouMean(report.landmarkSlug, slugs)}`,
      });
    }
    problems.push(...checkReportDates(report, now));
  }
  return problems;
}
