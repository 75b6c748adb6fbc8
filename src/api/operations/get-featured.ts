import { answersDay, distinctRandomIndexes, randomCount } from '../../domain/featured.ts';
import { answerDay } from '../answer-day.ts';
import { presentLandmarkSummary } from '../present.ts';
import { summariesAt } from './summaries-at.ts';
import { z } from 'zod';
import { at, atError, freshnessNote } from './parameters.ts';
import { featuredLandmarks } from '../../schema/api.ts';
import { popularCount } from '../../domain/featured.ts';
import { apiBasePath } from '../../domain/urls.ts';
import { declareOperation } from './declaration.ts';

export const getFeaturedLandmarks = declareOperation({
  operationId: 'getFeaturedLandmarks',
  path: `${apiBasePath}/featured`,
  title: 'Featured landmarks',
  summary: `The ${popularCount} most popular landmarks and ${randomCount} drawn at random, each with its current condition, report counts and canonical URLs.`,
  description:
    `Popularity is the number of Wikipedia language editions with an article on the landmark (Wikidata sitelinks), an external open ranking. ` +
    `The ${randomCount} random landmarks are distinct and drawn anew for every request, so the response is never cached. ` +
    freshnessNote,
  tag: 'Landmarks',
  input: z.strictObject({ at }),
  response: featuredLandmarks,
  responseName: 'FeaturedLandmarks',
  errors: [atError],
  // A new random draw every request: no shared cache may keep one draw for everybody.
  cacheControl: 'no-store',
  exampleRequest: () => ({}),
  shortenExample: (body, shownItems) => ({ ...body, popular: body.popular.slice(0, shownItems), random: body.random.slice(0, shownItems) }),
  async run({ store, now, random: randomNumber }, { at }) {
    const day = answerDay(now, at);
    const [forDays, { total }] = await Promise.all([store.popular(), store.landmarkListManifest()]);
    const popular = answersDay(forDays, day) ? forDays.landmarks : await store.popularAllDays();
    const random = await summariesAt(store, distinctRandomIndexes(total, randomCount, randomNumber));
    return {
      asOf: day,
      popular: popular.map((landmark) => presentLandmarkSummary(landmark, day)),
      random: random.map((landmark) => presentLandmarkSummary(landmark, day)),
    };
  },
});
