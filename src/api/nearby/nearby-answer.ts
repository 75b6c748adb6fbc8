import { answerOfCondition, decidedStretches, periodAnswerOf } from '../../domain/landmark-status.ts';
import { apiBasePath, siteUrls } from '../../domain/urls.ts';
import type { NearbyLandmark } from '../../schema/nearby.ts';
import type { Found } from './within-circle.ts';

/**
 * A landmark's answer for a period as the status route gives it (landmark-status.ts decides both),
 * with its distance and the deciding reports' ids and URLs instead of the reports themselves.
 */
export function nearbyAnswerOf({ entry, distanceKm }: Found, period: { from: string; to: string }, siteUrl: string, now: Date): NearbyLandmark {
  const urls = siteUrls(siteUrl);
  const link = (reportId: string | undefined) => (reportId === undefined ? null : { reportId, url: urls.reportPage(reportId) });
  const conditionTimeline = entry.conditionTimeline.map(([reportId, condition, from, currentUntil]) => ({ reportId, condition, from, currentUntil }));
  const timeline = { conditionTimeline, lastKnown: entry.lastKnown, datedClosureChecks: entry.datedClosureChecks };
  const stretches = decidedStretches(timeline, period.from, period.to, now).map(({ from, to, decided }) => {
    const inEffect = decided.inEffect && decided.condition !== null;
    // Open on a recent check of a watched source (no report decides): the status URL gives the check.
    if (!inEffect && decided.check) return { from, to, answer: 'open' as const, condition: 'open' as const, evidence: null, lastKnown: link(decided.reportId) };
    return {
      from,
      to,
      answer: inEffect ? answerOfCondition(decided.condition!) : ('unknown' as const),
      condition: inEffect ? decided.condition : null,
      evidence: inEffect ? link(decided.reportId) : null,
      lastKnown: inEffect ? null : link(decided.reportId),
    };
  });
  const overall = periodAnswerOf(stretches);
  const deciding = stretches.find((stretch) => stretch.answer === 'affected') ?? stretches[0]!;
  const days = period.from === period.to ? `on=${period.from}` : `from=${period.from}&to=${period.to}`;
  return {
    landmark: { slug: entry.slug, name: entry.name, url: urls.landmarkPage(entry.slug) },
    coordinates: entry.coordinates,
    distanceKm: Math.round(distanceKm * 1000) / 1000,
    ...overall,
    evidence: deciding.evidence,
    stretches,
    status: urls.absolute(`${apiBasePath}/landmarks/${entry.slug}/status?${days}`),
  };
}
