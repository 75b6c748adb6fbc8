import { presentLandmarkSummary } from '../../model/present.ts';
import { queryWords, runSearch } from '../../model/search/run-query.ts';
import type { LandmarkSearchResults } from '../../schema/api.ts';
import { invalidParameter } from '../api-error.ts';
import { jsonResponse } from '../http.ts';
import { singleParameter } from '../query.ts';
import { summariesAt } from '../summaries-at.ts';
import { apiCacheControl, type RouteHandler } from './context.ts';

export const queryLength = { min: 2, max: 100 };

export const searchLandmarks: RouteHandler = async ({ request, url, store, now }) => {
  const raw = singleParameter(url, 'q');
  if (raw === undefined) throw invalidParameter('q', 'q is required: the name or place to search for, 2 to 100 characters, e.g. ?q=eiffel');
  const query = raw.trim();
  // Characters, not bytes or UTF-16 units: "東京" is two characters.
  const length = [...query].length;
  if (length < queryLength.min || length > queryLength.max) {
    throw invalidParameter('q', `q must be ${queryLength.min} to ${queryLength.max} characters after trimming spaces; got ${length}`);
  }
  const words = queryWords(query);
  if (words.length === 0) throw invalidParameter('q', 'q must contain a word of at least 2 letters or digits');
  const { total, hits } = await runSearch(words, store.searchShard);
  const summaries = await summariesAt(store, hits.map((hit) => hit.landmarkIndex));
  const body: LandmarkSearchResults = {
    query,
    total,
    landmarks: summaries.map((summary) => presentLandmarkSummary(summary, now)),
  };
  return jsonResponse(request, body, { cacheControl: apiCacheControl });
};
