import { queryLength } from '../api-limits.ts';
import { answerDay } from '../answer-day.ts';
import { presentLandmarkSummary } from '../present.ts';
import { queryWords, runSearch } from '../search/run-query.ts';
import { invalidParameter } from '../api-error.ts';
import { summariesAt } from './summaries-at.ts';
import type { Operation } from './context.ts';

export const searchLandmarksOperation: Operation<'searchLandmarks'> = async ({ store, now }, { q, at }) => {
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
};
