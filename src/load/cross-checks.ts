import { addDays, dayOf, dayOfInstant, instantOf, toTimestamp } from '../schema/calendar.ts';
import { maxFromBeforeObservedDays } from '../schema/periods.ts';
import { isEncyclopediaUrl, isPermanentRevisionUrl } from '../schema/sources.ts';
import { didYouMean } from './did-you-mean.ts';
import type { Problem } from './problem.ts';
import type { Content, LandmarkRecord, ReportRecord } from './records.ts';
import { slugify } from './slugify.ts';

/**
 * A problem found across files, named by the frontmatter field it concerns; its line and column are
 * found afterwards by reading that file again, as problems are few and records keep no parser state.
 */
export type UnlocatedProblem = Omit<Problem, 'line' | 'column'> & {
  /** The frontmatter value the problem points at; none for the file as a whole. */
  at?: readonly PropertyKey[];
};

/** The earliest time zone (Kiribati, UTC+14) starts each day this long before UTC does. */
const earliestDayStartBeforeUtcMs = 14 * 3_600_000;

/** The latest day that has begun somewhere on Earth at `now`: today in the earliest time zone. */
const latestDayBegun = (now: Date): string => dayOfInstant(now.getTime() + earliestDayStartBeforeUtcMs);

/**
 * Whether a date or date-time is in the future as of `now`. A plain date is "in the future" only
 * once its day has begun nowhere on Earth: a traveller who writes today's local date is right, even
 * where that date has not yet begun in UTC. Plain dates are compared as text with the latest day
 * begun anywhere (ISO days sort as text), so checking a million reports parses none of them.
 */
function futureTest(now: Date): (value: string) => boolean {
  const latestDay = latestDayBegun(now);
  return (value) => (value.length === 10 ? value > latestDay : instantOf(value) > now.getTime());
}

function futureDateMessage(value: string, now: Date): string {
  if (value.length !== 10) return `expected a time not in the future (it is now ${toTimestamp(now.getTime())}); got "${value}"`;
  return `expected a date not in the future (at most ${latestDayBegun(now)}, today in the earliest time zone); got "${value}"`;
}

/** A plain date names a whole day: a confirmation that day is not "before" a date-time observation that day. */
function isBefore(earlier: string, later: string): boolean {
  return earlier.length === 10 || later.length === 10 ? dayOf(earlier) < dayOf(later) : instantOf(earlier) < instantOf(later);
}

/**
 * Landmark files whose names differ only in case or punctuation ("Eiffel-Tower.md", "eiffel_tower.md")
 * name one landmark twice, and cannot both exist on case-insensitive file systems. Each file of a
 * clash is reported, naming the others, because neither is more "the duplicate" than the other.
 */
function checkSlugClashes(landmarks: readonly LandmarkRecord[], elsewhere: readonly KeptLandmark[]): UnlocatedProblem[] {
  const filesBySlug = new Map<string, { file: string; checked: boolean }[]>();
  for (const landmark of landmarks) {
    const key = slugify(landmark.slug);
    filesBySlug.set(key, [...(filesBySlug.get(key) ?? []), { file: landmark.file, checked: true }]);
  }
  for (const landmark of elsewhere) filesBySlug.get(slugify(landmark.slug))?.push({ file: landmark.file, checked: false });
  const problems: UnlocatedProblem[] = [];
  for (const [key, clashing] of filesBySlug) {
    if (clashing.length < 2) continue;
    for (const landmark of clashing) {
      if (!landmark.checked) continue; // its file is not among those checked: the problem is named on theirs
      const others = clashing.filter((other) => other !== landmark).map((other) => other.file);
      problems.push({
        file: landmark.file,
        field: 'file',
        message: `expected one file per landmark; got ${others.join(', ')} as well, which is also "${key}" once case and punctuation are ignored (keep one file, ${key}.md, and merge the others into it)`,
      });
    }
  }
  return problems;
}

/** A problem at a frontmatter value of a report; made only when found, as a million reports have none. */
const problemAt = (report: ReportRecord, at: PropertyKey[], field: string, message: string): UnlocatedProblem => ({ file: report.file, at, field, message });

const confirmationProblem = (report: ReportRecord, index: number, message: string) => problemAt(report, ['confirmations', index, 'date'], `confirmations.${index}.date`, message);

/** Adds to `problems` those of the report's dates: against each other and against the clock. */
function checkReportDates(report: ReportRecord, problems: UnlocatedProblem[], now: Date, isInFuture: (value: string) => boolean): void {
  const { observedAt, confirmations } = report.frontmatter;
  if (isInFuture(observedAt)) {
    problems.push(problemAt(report, ['observedAt'], 'observedAt', futureDateMessage(observedAt, now)));
  }
  confirmations.forEach(({ date }, index) => {
    if (isInFuture(date)) {
      problems.push(confirmationProblem(report, index, futureDateMessage(date, now)));
    }
    if (isBefore(date, observedAt)) {
      problems.push(confirmationProblem(report, index, `expected a date on or after observedAt (${observedAt}); got "${date}" (a confirmation comes after the observation)`));
    }
  });
  checkReportPeriod(report, problems);
}

/**
 * Adds to `problems` those of the report's period: `from` starts it, `until` ends it, as the
 * source stated them. An end is honoured whatever the source's kind, so it must be a stated one.
 */
function checkReportPeriod(report: ReportRecord, problems: UnlocatedProblem[]): void {
  const { observedAt, from, until, untilKind } = report.frontmatter;
  const observedDay = dayOf(observedAt);
  if (from !== undefined && from < addDays(observedDay, -maxFromBeforeObservedDays)) {
    problems.push(problemAt(report, ['from'], 'from', `expected from at most ${maxFromBeforeObservedDays} days before observedAt (${observedDay}), as the first day of a condition announced ahead; got "${from}" (remove from when the condition was already under way: observedAt then starts it)`));
  }
  if (until !== undefined) {
    if (until < observedDay) {
      problems.push(problemAt(report, ['until'], 'until', `expected a date on or after observedAt (${observedDay}); got "${until}"`));
    }
    if (from !== undefined && until < from) {
      problems.push(problemAt(report, ['from'], 'from', `expected from on or before until (${until}); got "${from}" (the period starts on from and ends on until)`));
    }
  } else if (untilKind !== undefined) {
    problems.push(problemAt(report, ['untilKind'], 'untilKind', `expected untilKind only beside until; got "${untilKind}" with no until (add the end the source gave as until, or remove untilKind)`));
  }
}

/**
 * Adds to `problems` those of the report's sources. A report is cited by the page that documents
 * its claim. An encyclopedia article summarises events after the fact and changes under the link,
 * so it may only support a report, as one revision.
 */
function checkReportSources(report: ReportRecord, problems: UnlocatedProblem[]): void {
  const { source, additionalSources } = report.frontmatter;
  if (source.kind !== 'traveller' && source.url === undefined) {
    problems.push(problemAt(report, ['source'], 'source.url', `expected a source.url on ${source.kind === 'official' ? 'an official' : 'a press'} report; got nothing (link the ${source.kind === 'official' ? 'announcement' : 'article'} so readers can check it)`));
  }
  if (source.url !== undefined && isEncyclopediaUrl(source.url)) {
    problems.push(problemAt(report, ['source', 'url'], 'source.url', `expected the page that documents the claim (the operator's notice or a news article from the time); got an encyclopedia article, "${source.url}" (cite the page it draws on, and list the article under additionalSources as a permanent revision link)`));
  }
  additionalSources.forEach((citation, index) => {
    if (isEncyclopediaUrl(citation.url) && !isPermanentRevisionUrl(citation.url)) {
      problems.push(problemAt(report, ['additionalSources', index, 'url'], `additionalSources.${index}.url`, `expected an encyclopedia article as a permanent revision link (Wikipedia's "Permanent link", with oldid=); got "${citation.url}"`));
    }
  });
}

/**
 * Each report whose id an earlier report of the list already has, with the earlier report's file.
 * In id order, as the loader hands reports over, reports sharing an id are neighbours, and no map
 * of a million ids is built (half a second on its own, more in a build's crowded heap); in any
 * other order, as when a draft comes last, a map of ids finds them.
 */
function earlierFilesWithSameId(reports: readonly ReportRecord[]): Map<ReportRecord, string> {
  const duplicates = new Map<ReportRecord, string>();
  // One pass while the list is in id order; a report out of order sends it to the map below.
  let first: ReportRecord | undefined;
  let inIdOrder = true;
  for (const report of reports) {
    if (first?.id === report.id) duplicates.set(report, first.file);
    else if (first === undefined || first.id < report.id) first = report;
    else {
      inIdOrder = false;
      break;
    }
  }
  if (inIdOrder) return duplicates;
  const firstFileById = new Map<string, string>();
  for (const report of reports) {
    const other = firstFileById.get(report.id);
    if (other === undefined) firstFileById.set(report.id, report.file);
    else duplicates.set(report, other);
  }
  return duplicates;
}

/**
 * Adds to `problems` those of `supersedes` (supersession.ts): it names an existing report of the
 * same landmark, other than itself, that no other report supersedes, and no chain of them loops
 * back (each report of a loop would end the day before the next begins, so none would count).
 * The map of ids is built only when some report names one.
 */
function checkSupersession(reports: readonly ReportRecord[], elsewhere: Elsewhere, problems: UnlocatedProblem[]): void {
  const naming = reports.filter((report) => report.frontmatter.supersedes !== undefined);
  if (naming.length === 0) return;
  const byId = new Map(reports.map((report) => [report.id, report]));
  const firstSuperseder = new Map<string, ReportRecord>();
  const at = (report: ReportRecord, message: string) => problemAt(report, ['supersedes'], 'supersedes', message);
  for (const report of naming) {
    const named = report.frontmatter.supersedes!;
    const target = byId.get(named);
    if (named === report.id) {
      problems.push(at(report, `expected the id of an earlier report of ${report.landmarkSlug}; got "${named}", this report's own id`));
    } else if (target === undefined) {
      const file = elsewhere.reportWithId(named);
      const ownIds = reports.filter((other) => other.landmarkSlug === report.landmarkSlug && other !== report).map((other) => other.id);
      problems.push(
        at(report, file === undefined
          ? `expected the id of a report in content/reports/${report.landmarkSlug}/; got "${named}", which no report has${didYouMean(named, ownIds)}`
          : `expected a report of the same landmark, ${report.landmarkSlug}; got "${named}", which is ${file}`),
      );
    } else if (target.landmarkSlug !== report.landmarkSlug) {
      problems.push(at(report, `expected a report of the same landmark, ${report.landmarkSlug}; got "${named}", which is ${target.file}`));
    } else {
      const earlier = firstSuperseder.get(named);
      if (earlier === undefined) firstSuperseder.set(named, report);
      else problems.push(at(report, `expected a report that no other report supersedes; got "${named}", which ${earlier.file} already supersedes (name ${earlier.id} instead: a later word updates the latest one)`));
    }
  }
  // A loop: following supersedes from a report comes back to it.
  for (const report of naming) {
    const seen = new Set<string>([report.id]);
    let next = report.frontmatter.supersedes;
    while (next !== undefined && !seen.has(next)) {
      seen.add(next);
      next = byId.get(next)?.frontmatter.supersedes;
    }
    if (next === report.id && report.frontmatter.supersedes !== report.id) {
      problems.push(at(report, `expected a chain of superseded reports that ends; got "${report.frontmatter.supersedes}", which leads back to this report through ${[...seen].slice(1).join(' -> ')} (remove supersedes from the earliest report of the loop)`));
    }
  }
}

/** A landmark outside the content checked: only what the rules across files compare. */
export interface KeptLandmark {
  file: string;
  slug: string;
  wikidata: string;
}

/**
 * Landmarks and reports outside the content checked that it must not clash with: in a rebuild,
 * those kept from the last build that no changed file touches (load/catalogue-update.ts), so that
 * a warm rebuild enforces every rule a full load does, from this one place.
 */
export interface Elsewhere {
  /** Each such landmark; looked at only when the content checked has landmarks. */
  landmarks(): Iterable<KeptLandmark>;
  /** The file of such a report with this id, if any. */
  reportWithId(id: string): string | undefined;
}

const nowhere: Elsewhere = { landmarks: () => [], reportWithId: () => undefined };

/** Rules that need more than one file: references, uniqueness, and dates against the clock. */
export function crossCheck(content: Content, now: Date, elsewhere: Elsewhere = nowhere): UnlocatedProblem[] {
  const problems: UnlocatedProblem[] = [];
  const slugs = content.landmarks.map((landmark) => landmark.slug);
  const knownSlugs = new Set(slugs);
  const keptLandmarks = content.landmarks.length > 0 ? [...elsewhere.landmarks()] : [];

  problems.push(...checkSlugClashes(content.landmarks, keptLandmarks));

  const firstLandmarkByWikidata = new Map<string, string>();
  const wikidataChecked = new Set(content.landmarks.map((landmark) => landmark.frontmatter.wikidata));
  for (const landmark of keptLandmarks) {
    if (wikidataChecked.has(landmark.wikidata) && !firstLandmarkByWikidata.has(landmark.wikidata)) firstLandmarkByWikidata.set(landmark.wikidata, landmark.file);
  }
  for (const landmark of content.landmarks) {
    const other = firstLandmarkByWikidata.get(landmark.frontmatter.wikidata);
    if (other === undefined) {
      firstLandmarkByWikidata.set(landmark.frontmatter.wikidata, landmark.file);
    } else {
      problems.push({
        file: landmark.file,
        at: ['wikidata'],
        field: 'wikidata',
        message: `expected a Wikidata id used by one landmark only; got "${landmark.frontmatter.wikidata}", also used by ${other} (merge the two landmarks or correct the id)`,
      });
    }
  }

  const duplicates = earlierFilesWithSameId(content.reports);
  const isInFuture = futureTest(now);
  for (const report of content.reports) {
    // Looked up only when there are any: asking a map about a million reports took half a second.
    const other = (duplicates.size > 0 ? duplicates.get(report) : undefined) ?? elsewhere.reportWithId(report.id);
    if (other !== undefined) {
      problems.push({
        file: report.file,
        field: 'id',
        message: `expected a unique report id; got "${report.id}", also used by ${other} (run npm run new-report for a fresh id)`,
      });
    }
    if (!knownSlugs.has(report.landmarkSlug)) {
      problems.push({
        file: report.file,
        field: 'landmark',
        message: `expected the folder to name a landmark in content/landmarks/; got "${report.landmarkSlug}"${didYouMean(report.landmarkSlug, slugs)}`,
      });
    }
    checkReportDates(report, problems, now, isInFuture);
    checkReportSources(report, problems);
  }
  checkSupersession(content.reports, elsewhere, problems);
  return problems;
}

/**
 * The rules of `crossCheck` that one report can break on its own (its dates against each other and
 * the clock, its sources), for a draft checked where the rest of the content is not at hand.
 */
export function checkReportAlone(report: ReportRecord, now: Date): UnlocatedProblem[] {
  const problems: UnlocatedProblem[] = [];
  checkReportDates(report, problems, now, futureTest(now));
  checkReportSources(report, problems);
  return problems;
}
