import type { CatalogueLandmark, CheckedLandmarkDetail, LandmarkStatus, StatusCheckEvidence, StatusEvidence, StatusStretch, StoredCurrentCondition, StoredReport, WatchCheck } from '../schema/api.ts';
import { addDays, dayOf, instantOf } from '../schema/calendar.ts';
import { conditionOn, nextUpcomingOn } from './condition-timeline.ts';
import { conditionLabel } from './in-words.ts';
import { datedClosureChecksOf, openEvidenceOn } from './watch-checks.ts';

/**
 * "Will it be open, and the view clear, on the day I am there?" answered with evidence: on each
 * day, the report in effect that decides the landmark's condition (open, or affected by it); with
 * none, open only on the evidence of a recent check of a watched source that lists dated closures
 * and none that day (watch-checks.ts), else unknown, never open by default. Consecutive days with
 * the same answer and the same deciding report or check make one stretch, so a year's trip is a few
 * lines, not 366.
 */

const dayInMs = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((instantOf(to) - instantOf(from)) / dayInMs);

function evidenceOf(report: StoredReport, day: string): StatusEvidence {
  return {
    reportId: report.id,
    url: report.urls.html,
    condition: report.condition,
    summary: report.summary,
    source: report.source,
    observedAt: report.observedAt,
    lastConfirmedAt: report.lastConfirmedAt,
    from: report.from,
    currentUntil: report.currentUntil,
    until: report.until,
    untilKind: report.untilKind,
    ageDays: Math.max(0, daysBetween(dayOf(report.lastConfirmedAt), day)),
  };
}

const sourceInWords = (report: StoredReport) => `${report.source.kind}${report.source.name ? `, ${report.source.name}` : ''}`;

function inEffectReason(report: StoredReport): string {
  if (report.supersededBy !== null) {
    return `${conditionLabel(report.condition)} from ${report.from} (report ${report.id}, ${sourceInWords(report)}); report ${report.supersededBy} supersedes it, so it counts until ${report.currentUntil}.`;
  }
  const what = `${conditionLabel(report.condition)} from ${report.from} (report ${report.id}, ${sourceInWords(report)})`;
  if (report.until !== null) {
    return report.untilKind === 'estimated'
      ? `${what}; the source estimates it lasts until about ${report.until}.`
      : `${what}; the source states it lasts until ${report.until}.`;
  }
  return `${what}; last confirmed ${dayOf(report.lastConfirmedAt)}, so current until ${report.currentUntil} (${report.reportExpiryDays} days for a report of ${conditionLabel(report.condition)}).`;
}

function unknownReason(lastKnown: StoredReport | undefined, day: string, hasReports: boolean): string {
  if (!hasReports) return 'Nobody has reported on this landmark yet, so its condition is unknown; a first report is welcome.';
  if (!lastKnown) return `No report about this landmark had been made by ${day}: nothing was known then.`;
  if (lastKnown.currentUntil < day) {
    return `The last report (${conditionLabel(lastKnown.condition)}, ${dayOf(lastKnown.observedAt)}) expired on ${lastKnown.currentUntil}: nobody has confirmed since.`;
  }
  return `No report is in effect on ${day}: the latest (${conditionLabel(lastKnown.condition)}) applies from ${lastKnown.from}.`;
}

/**
 * What decides a landmark's answer on any day, without its reports: its condition timeline and,
 * for days when no report is in effect, the reports that are then the most recently confirmed one
 * made by that day, as [observation day, id], latest day first. Of a heavy landmark, whose bucket
 * keeps only some reports, the candidates are those of its timeline. The nearby index keeps this
 * for each landmark, so a nearby answer is the status route's without reading a report.
 */
export interface AnswerTimeline {
  conditionTimeline: readonly Pick<StoredCurrentCondition, 'reportId' | 'condition' | 'from' | 'currentUntil'>[];
  lastKnown: readonly (readonly [day: string, reportId: string])[];
  /** The watched sources that list dated closures: on a day no report decides, a recent check of one answers open. */
  datedClosureChecks: readonly WatchCheck[];
}

export function answerTimelineOf(landmark: Pick<CatalogueLandmark, 'reports' | 'reportCount' | 'conditionTimeline' | 'watchChecks'>): AnswerTimeline {
  const complete = landmark.reports.length === landmark.reportCount;
  const candidates = complete
    ? landmark.reports.map((report) => [report.observedAt, report.id] as const)
    : landmark.conditionTimeline.map((condition) => [condition.observedAt, condition.reportId] as const);
  // Candidates come newest confirmation first, and a day's last known is the first made by then:
  // only a candidate made before every one ahead of it can ever be that first.
  const lastKnown: [string, string][] = [];
  for (const [observedAt, id] of candidates) {
    const day = dayOf(observedAt);
    if (lastKnown.length === 0 || day < lastKnown[lastKnown.length - 1]![0]) lastKnown.push([day, id]);
  }
  return { conditionTimeline: landmark.conditionTimeline, lastKnown, datedClosureChecks: datedClosureChecksOf(landmark.watchChecks) };
}

/** What decides a day: the report in effect that the timeline names, or the last known one, unless none. */
export interface Decided {
  reportId: string | undefined;
  inEffect: boolean;
  /** The condition in effect; null when none is. */
  condition: StoredCurrentCondition['condition'] | null;
  /** With no report in effect: the recent check of a dated-closure source that lists no closure that day. */
  check: StatusCheckEvidence | undefined;
}

/** `now` is the moment of the request, which says whether a watched source's check is recent enough to count. */
function decidingOn(timeline: AnswerTimeline, day: string, now: Date): Decided {
  const found = conditionOn(timeline.conditionTimeline, day);
  if (found?.inEffect) return { reportId: found.condition.reportId, inEffect: true, condition: found.condition.condition, check: undefined };
  const check = openEvidenceOn(timeline.datedClosureChecks, day, now);
  return { reportId: timeline.lastKnown.find(([observed]) => observed <= day)?.[1], inEffect: false, condition: check ? 'open' : null, check };
}

/** Consecutive days with the same deciding report. */
export interface DecidedStretch {
  from: string;
  to: string;
  decided: Decided;
}

/** The days from `from` to `to` (inclusive, UTC days, from <= to) in stretches of the same deciding report or check. */
export function decidedStretches(timeline: AnswerTimeline, from: string, to: string, now: Date): DecidedStretch[] {
  const stretches: DecidedStretch[] = [];
  let current: DecidedStretch = { from, to: from, decided: decidingOn(timeline, from, now) };
  for (let day = from; day < to; ) {
    day = addDays(day, 1);
    const decided = decidingOn(timeline, day, now);
    if (decided.reportId === current.decided.reportId && decided.inEffect === current.decided.inEffect && decided.check?.source === current.decided.check?.source) {
      current.to = day;
      continue;
    }
    stretches.push(current);
    current = { from: day, to: day, decided };
  }
  stretches.push(current);
  return stretches;
}

/**
 * The ids of the reports an answer from `from` to `to` cites that the landmark's bucket does not
 * hold (a heavy landmark keeps only some): the operation reads them from the report buckets.
 */
export function reportsToRead(landmark: CheckedLandmarkDetail, from: string, to: string, now: Date): string[] {
  const held = new Set(landmark.reports.map((report) => report.id));
  const needed = new Set<string>();
  for (const { decided } of decidedStretches(answerTimelineOf(landmark), from, to, now)) {
    if (decided.reportId !== undefined && !held.has(decided.reportId)) needed.add(decided.reportId);
  }
  const next = nextUpcomingOn(landmark.conditionTimeline, to);
  if (next && !held.has(next.reportId)) needed.add(next.reportId);
  return [...needed];
}

/** What a report in effect answers: open when it says so, otherwise affected by its condition. */
export const answerOfCondition = (condition: string): 'open' | 'affected' => (condition === 'open' ? 'open' : 'affected');

function checkReason(check: StatusCheckEvidence): string {
  return `No report is in effect, and ${check.description} was read successfully at ${check.lastSuccessAt} and lists no closure on these days (a read speaks for the days up to ${check.horizon}).`;
}

function stretchOf(report: StoredReport | undefined, { inEffect, check }: Decided, from: string, to: string, hasReports: boolean): StatusStretch {
  if (inEffect && report) {
    return {
      from,
      to,
      answer: answerOfCondition(report.condition),
      condition: report.condition,
      evidence: evidenceOf(report, from),
      check: null,
      lastKnown: null,
      reason: inEffectReason(report),
    };
  }
  if (check) {
    return { from, to, answer: 'open', condition: 'open', evidence: null, check, lastKnown: report ? evidenceOf(report, from) : null, reason: checkReason(check) };
  }
  return {
    from,
    to,
    answer: 'unknown',
    condition: null,
    evidence: null,
    check: null,
    lastKnown: report ? evidenceOf(report, from) : null,
    reason: unknownReason(report, from, hasReports),
  };
}

function overallReason(stretches: readonly StatusStretch[]): string {
  if (stretches.length === 1) return stretches[0]!.reason;
  const days = { open: 0, affected: 0, unknown: 0 };
  for (const stretch of stretches) days[stretch.answer] += daysBetween(stretch.from, stretch.to) + 1;
  const parts = (['affected', 'open', 'unknown'] as const).filter((answer) => days[answer] > 0).map((answer) => `${answer} on ${days[answer]} day${days[answer] === 1 ? '' : 's'}`);
  return `${parts.join(', ')}; each stretch says why.`;
}

function nextOf(timeline: readonly StoredCurrentCondition[], reportsById: ReadonlyMap<string, StoredReport>, day: string): LandmarkStatus['next'] {
  const next = nextUpcomingOn(timeline, day);
  const report = next && reportsById.get(next.reportId);
  if (!report) return null;
  return { reportId: report.id, url: report.urls.html, condition: report.condition, summary: report.summary, from: report.from, until: report.until, untilKind: report.untilKind };
}

/** A period's answer from its stretches: affected when any day is, else unknown when any day is, else open. */
export function periodAnswerOf(stretches: readonly Pick<StatusStretch, 'answer' | 'condition'>[]): Pick<LandmarkStatus, 'answer' | 'condition'> {
  const answer = stretches.some((stretch) => stretch.answer === 'affected') ? 'affected' : stretches.some((stretch) => stretch.answer === 'unknown') ? 'unknown' : 'open';
  return { answer, condition: (stretches.find((stretch) => stretch.answer === 'affected') ?? stretches[0]!).condition };
}

/**
 * The landmark's status on every day from `from` to `to` (inclusive, UTC days, from <= to); `read`
 * holds the reports named by reportsToRead, which the landmark's bucket does not; `now` is the
 * moment of the request, which says whether a watched source's check is recent enough to count.
 */
export function landmarkStatusOf(landmark: CheckedLandmarkDetail, from: string, to: string, read: readonly StoredReport[], now: Date): LandmarkStatus {
  const reportsById = new Map([...landmark.reports, ...read].map((report) => [report.id, report]));
  const hasReports = landmark.reports.length > 0;
  const stretches = decidedStretches(answerTimelineOf(landmark), from, to, now).map(({ from: first, to: last, decided }) =>
    stretchOf(decided.reportId === undefined ? undefined : reportsById.get(decided.reportId), decided, first, last, hasReports),
  );
  return {
    landmark: { slug: landmark.slug, name: landmark.name, url: landmark.urls.html },
    asOf: from,
    from,
    to,
    ...periodAnswerOf(stretches),
    reason: overallReason(stretches),
    stretches,
    checks: landmark.watchChecks,
    next: nextOf(landmark.conditionTimeline, reportsById, to),
  };
}
