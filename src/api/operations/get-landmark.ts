import { answerDay } from '../answer-day.ts';
import { checkedLandmark } from '../checked-landmark.ts';
import { presentLandmarkDetail } from '../present.ts';
import { landmarkNotFound } from '../api-error.ts';
import { z } from 'zod';
import { apiCacheControl, at, atError, freshnessNote, slug } from './parameters.ts';
import { landmarkDetail } from '../../schema/api.ts';
import { includedReportLimit, recentReportLimit } from '../../domain/api-limits.ts';
import { apiBasePath } from '../../domain/urls.ts';
import { declareOperation } from './declaration.ts';

export const getLandmark = declareOperation({
  operationId: 'getLandmark',
  path: `${apiBasePath}/landmarks/{slug}`,
  title: 'Get a landmark',
  summary: 'One landmark with its current condition, counts and the reports that matter: every report in effect or upcoming and the most recently confirmed ones.',
  description:
    `Cite the landmark by \`urls.html\`, its canonical URL. Reports come newest confirmation first: the ${recentReportLimit} most recently confirmed and those in effect or upcoming on the day answered for, at most ${includedReportLimit} in all ` +
    `(of a landmark with more than ${includedReportLimit} reports, among the ${includedReportLimit} it keeps at hand: the most recent, and those whose source stated an end); ` +
    '`reportsIncluded` says how many were left out, and `reportsIncluded.all` (`/landmarks/{slug}/reports`) pages through every report. ' +
    freshnessNote,
  tag: 'Landmarks',
  input: z.strictObject({ slug, at }),
  response: landmarkDetail,
  responseName: 'LandmarkDetail',
  errors: [{ status: 404, when: 'no landmark has this slug' }, atError],
  cacheControl: apiCacheControl,
  exampleMistake: { slug: 'no-such-place' },
  exampleRequest: ({ landmark }) => ({ slug: landmark.slug }),
  async run({ store, now }, { slug, at }) {
    const day = answerDay(now, at);
    const landmark = await checkedLandmark(store, slug);
    if (!landmark) {
      throw landmarkNotFound(slug);
    }
    return presentLandmarkDetail(landmark, day, `${landmark.urls.json}/reports`);
  },
});
