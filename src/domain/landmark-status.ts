import type { LandmarkStatus, StatusEvidence, StatusStretch, StoredCurrentCondition, StoredLandmarkDetail, StoredReport } from '../schema/api.ts';
import { addDays, dayOf, instantOf } from '../schema/calendar.ts';
import { conditionOn, upcomingOn } from './condition-timeline.ts';
import { conditionLabel } from './in-words.ts';

/**
 * "Will it be open, and the view clear, on the day I am there?" answered with evidence: on each
 * day, the report in effect that decides the landmark's condition (open, or affected by it), or
 * unknown when none is, never open by default. Consecutive days with the same answer and the same
 * deciding report make one stretch, so a year's trip is a few lines, not 366.
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
 * The most recently confirmed report made by `day` (reports come newest confirmation first); of a
 * heavy landmark, whose bucket keeps only some reports, the most recently confirmed of its timeline.
 */
function lastKnownOn(landmark: StoredLandmarkDetail, day: string): string | undefined {
  const complete = landmark.reports.length === landmark.reportCount;
  const candidates: readonly { observedAt: string; id?: string; reportId?: string }[] = complete ? landmark.reports : landmark.conditionTimeline;
  const found = candidates.find((candidate) => dayOf(candidate.observedAt) <= day);
  return found && (found.id ?? found.reportId);
}

interface DayAnswer {
  report: StoredReport | undefined;
  inEffect: boolean;
}

/** The id of the report that decides `day`, or of the last known one when none is in effect. */
function decidingId(landmark: StoredLandmarkDetail, day: string): { id: string | undefined; inEffect: boolean } {
  const found = conditionOn(landmark.conditionTimeline, day);
  if (found?.inEffect) return { id: found.condition.reportId, inEffect: true };
  return { id: lastKnownOn(landmark, day), inEffect: false };
}

function answerOn(landmark: StoredLandmarkDetail, reportsById: ReadonlyMap<string, StoredReport>, day: string): DayAnswer {
  const { id, inEffect } = decidingId(landmark, day);
  return { report: id === undefined ? undefined : reportsById.get(id), inEffect };
}

/**
 * The ids of the reports an answer from `from` to `to` cites that the landmark's bucket does not
 * hold (a heavy landmark keeps only some): the operation reads them from the report buckets.
 */
export function reportsToRead(landmark: StoredLandmarkDetail, from: string, to: string): string[] {
  const held = new Set(landmark.reports.map((report) => report.id));
  const needed = new Set<string>();
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const { id } = decidingId(landmark, day);
    if (id !== undefined && !held.has(id)) needed.add(id);
  }
  const [next] = upcomingOn(landmark.conditionTimeline, to);
  if (next && !held.has(next.reportId)) needed.add(next.reportId);
  return [...needed];
}

/** What a report in effect answers: open when it says so, otherwise affected by its condition. */
export const answerOfCondition = (condition: string): 'open' | 'affected' => (condition === 'open' ? 'open' : 'affected');

function stretchOf(answer: DayAnswer, from: string, to: string, hasReports: boolean): StatusStretch {
  const { report, inEffect } = answer;
  if (inEffect && report) {
    return {
      from,
      to,
      answer: answerOfCondition(report.condition),
      condition: report.condition,
      evidence: evidenceOf(report, from),
      lastKnown: null,
      reason: inEffectReason(report),
    };
  }
  return {
    from,
    to,
    answer: 'unknown',
    condition: null,
    evidence: null,
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
  const [next] = upcomingOn(timeline, day);
  const report = next && reportsById.get(next.reportId);
  if (!report) return null;
  return { reportId: report.id, url: report.urls.html, condition: report.condition, summary: report.summary, from: report.from, until: report.until, untilKind: report.untilKind };
}

/**
 * The landmark's status on every day from `from` to `to` (inclusive, UTC days, from <= to); `read`
 * holds the reports named by reportsToRead, which the landmark's bucket does not.
 */
export function landmarkStatusOf(landmark: StoredLandmarkDetail, from: string, to: string, read: readonly StoredReport[] = []): LandmarkStatus {
  const reportsById = new Map([...landmark.reports, ...read].map((report) => [report.id, report]));
  const hasReports = landmark.reports.length > 0;
  const stretches: StatusStretch[] = [];
  let start = from;
  let current = answerOn(landmark, reportsById, from);
  for (let day = from; day <= to; ) {
    const next = day === to ? undefined : addDays(day, 1);
    const answer = next === undefined ? undefined : answerOn(landmark, reportsById, next);
    if (!answer || answer.report !== current.report || answer.inEffect !== current.inEffect) {
      stretches.push(stretchOf(current, start, day, hasReports));
      if (answer) {
        start = next!;
        current = answer;
      }
    }
    if (next === undefined) break;
    day = next;
  }
  const answer = stretches.some((stretch) => stretch.answer === 'affected') ? 'affected' : stretches.some((stretch) => stretch.answer === 'unknown') ? 'unknown' : 'open';
  return {
    landmark: { slug: landmark.slug, name: landmark.name, url: landmark.urls.html },
    asOf: from,
    from,
    to,
    answer,
    condition: (stretches.find((stretch) => stretch.answer === 'affected') ?? stretches[0]!).condition,
    reason: overallReason(stretches),
    stretches,
    next: nextOf(landmark.conditionTimeline, reportsById, to),
  };
}
