import { queryLength } from '../../domain/api-limits.ts';
import { answerDay } from '../answer-day.ts';
import { presentLandmarkSummary } from '../present.ts';
import { queryWords, runSearch } from '../search/run-query.ts';
import { invalidParameter } from '../api-error.ts';
import { summariesAt } from './summaries-at.ts';
import { z } from 'zod';
import { apiCacheControl, at, atError, searchTerm } from './parameters.ts';
import { landmarkSearchResults } from '../../schema/api.ts';
import { maxSearchResults } from '../search/run-query.ts';
import { apiBasePath } from '../../domain/urls.ts';
import { declareOperation } from './declaration.ts';

export const searchLandmarks = declareOperation({
  operationId: 'searchLandmarks',
  path: `${apiBasePath}/search`,
  title: 'Search landmarks',
  summary: 'Landmarks matching a name, alias or place, best matches first.',
  description:
    `Matches every word of \`q\` against names, aliases, city, region and country, ignoring case and diacritics and reading "ph" as "f" ("hagia sofia" finds Hagia Sophia); the last word also matches as a prefix, words of 5 or more letters tolerate one typo (a letter added, missing, changed or two swapped, first letters included: "ieffel" finds Eiffel), and a name's words may be typed as one ("tajmahal", "notredame", "goldengatebridge"), as may two words of a one-word name ("sky tree"). ` +
    `Exact words rank above prefixes, prefixes above typos and joined words, name matches above place matches, then more popular landmarks first. At most ${maxSearchResults} landmarks are listed; \`total\` says how many match.`,
  tag: 'Landmarks',
  input: z.strictObject({ q: searchTerm, at }),
  response: landmarkSearchResults,
  responseName: 'LandmarkSearchResults',
  errors: [{ status: 400, when: `q is missing, repeated, shorter than ${queryLength.min} or longer than ${queryLength.max} characters after trimming, or has no word of 2 letters or digits` }, atError],
  cacheControl: apiCacheControl,
  exampleMistake: { q: ' a ' },
  exampleRequest: ({ searchTerm }) => ({ q: searchTerm }),
  shortenExample: (body, shownItems) => ({ ...body, landmarks: body.landmarks.slice(0, shownItems) }),
  async run({ store, now }, { q, at }) {
    const day = answerDay(now, at);
    const query = q.trim();
    // Characters, not bytes or UTF-16 units: "東京" is two characters.
    const length = [...query].length;
    if (length < queryLength.min || length > queryLength.max) {
      throw invalidParameter('q', `q must be ${queryLength.min} to ${queryLength.max} characters after trimming spaces; got ${length}`);
    }
    const words = queryWords(query);
    if (words.length === 0) throw invalidParameter('q', 'q must contain a word of at least 2 letters or digits');
    const { total, hits } = await runSearch(words, store.searchShard);
    const summaries = await summariesAt(store, hits.map((hit) => hit.landmarkIndex));
    return {
      asOf: day,
      query,
      total,
      landmarks: summaries.map((summary) => presentLandmarkSummary(summary, day)),
    };
  },
});
