import { answerOfCondition, decidedStretches, periodAnswerOf } from '../landmark-status.ts';
import { apiBasePath, siteUrls } from '../urls.ts';
import type { NearbyLandmark } from '../../schema/nearby.ts';
import type { Found } from './within-circle.ts';

/**
 * A landmark's answer for a period as the status route gives it (landmark-status.ts decides both),
 * with its distance and the deciding reports' ids and URLs instead of the reports themselves.
 */
export function nearbyAnswerOf({ entry, distanceKm }: Found, period: { from: string; to: string }, siteUrl: string): NearbyLandmark {
  const urls = siteUrls(siteUrl);
  const link = (reportId: string | undefined) => (reportId === undefined ? null : { reportId, url: urls.reportPage(reportId) });
  const conditionTimeline = entry.conditionTimeline.map(([reportId, condition, from, currentUntil]) => ({ reportId, condition, from, currentUntil }));
  const stretches = decidedStretches({ conditionTimeline, lastKnown: entry.lastKnown }, period.from, period.to).map(({ from, to, decided }) => {
    const inEffect = decided.inEffect && decided.condition !== null;
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
