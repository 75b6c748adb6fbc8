import type { OperationId } from '../model/api-operations.ts';
import { summaryOf, type Catalogue } from '../model/catalogue.ts';
import { changesInOrder } from '../model/changes.ts';
import { encodeCursor } from '../model/cursor.ts';
import { popularLandmarks } from '../model/featured.ts';
import { isCurrentAt } from '../model/freshness.ts';
import { presentLandmarkDetail, presentLandmarkSummary, presentReport } from '../model/present.ts';
import { buildSearchShards } from '../model/search/build-index.ts';
import { queryWords, runSearch } from '../model/search/run-query.ts';
import type { StoredLandmarkDetail, StoredReport } from '../schema/api.ts';

/**
 * Examples of every operation, made from the catalogue being built with the same model functions
 * the Worker answers with: real slugs, real ids, real search results. Lists are cut to a few items
 * so the documents stay short; each example is still a valid response (a test checks them all).
 */
export interface OperationExample {
  /** Parameter values of the example request, by parameter name. */
  parameters: Record<string, string | number>;
  /** The success body of that request, as the Worker would answer it at the build's moment. */
  body: unknown;
}

export interface ApiExamples {
  /** The landmark the examples are about: the one with most reports. */
  landmark: StoredLandmarkDetail;
  /** Its most recently confirmed report, when it has one. */
  report: StoredReport | undefined;
  /** A search term that finds the landmark. */
  query: string;
  operations: Partial<Record<OperationId, OperationExample>>;
}

const shownItems = 2;

function exampleLandmark(catalogue: Catalogue): StoredLandmarkDetail | undefined {
  return [...catalogue.landmarks].sort(
    (a, b) => b.reportCount - a.reportCount || (b.wikipediaEditions ?? 0) - (a.wikipediaEditions ?? 0) || (a.slug < b.slug ? -1 : 1),
  )[0];
}

/** The longest word of the name: specific enough to find the landmark, short enough to type. */
function searchTermFor(landmark: StoredLandmarkDetail): string {
  const words = queryWords(landmark.name);
  return words.reduce((longest, word) => (word.length > longest.length ? word : longest), words[0] ?? landmark.slug.slice(0, 20));
}

async function searchExample(catalogue: Catalogue, q: string, now: Date): Promise<OperationExample> {
  const summaries = catalogue.landmarks.map(summaryOf);
  const shards = buildSearchShards(summaries);
  const { total, hits } = await runSearch(queryWords(q), async (key) => shards.get(key));
  return {
    parameters: { q },
    body: { query: q, total, landmarks: hits.slice(0, shownItems).map((hit) => presentLandmarkSummary(summaries[hit.landmarkIndex]!, now)) },
  };
}

async function listExample(catalogue: Catalogue, now: Date): Promise<OperationExample> {
  const page = catalogue.landmarks.slice(0, shownItems);
  const hasMore = catalogue.landmarks.length > shownItems;
  return {
    parameters: { limit: shownItems },
    body: {
      landmarks: page.map((landmark) => presentLandmarkSummary(summaryOf(landmark), now)),
      pagination: { limit: shownItems, nextCursor: hasMore ? encodeCursor('landmarks', page[page.length - 1]!.slug) : null, hasMore },
    },
  };
}

/** The latest changes, asked for since the start of the day of the one before last. */
async function changesExample(catalogue: Catalogue, now: Date): Promise<OperationExample | undefined> {
  const changes = changesInOrder(catalogue.reports);
  if (changes.length === 0) return undefined;
  const since = `${changes[Math.max(0, changes.length - shownItems)]!.updatedAt.slice(0, 10)}T00:00:00Z`;
  const after = changes.filter((change) => change.updatedAt > since);
  const page = after.slice(0, shownItems);
  const hasMore = after.length > shownItems;
  const last = page[page.length - 1]!;
  return {
    parameters: { updated_since: since, limit: shownItems },
    body: {
      updatedSince: since,
      changes: page.map((change) => ({ ...change, isCurrent: isCurrentAt(change.currentUntil, now) })),
      pagination: {
        limit: shownItems,
        nextCursor: hasMore ? encodeCursor('changes', { updatedAt: last.updatedAt, id: last.id }) : null,
        hasMore,
      },
    },
  };
}

function featuredExample(catalogue: Catalogue, now: Date): OperationExample {
  const summaries = catalogue.landmarks.map(summaryOf);
  const popular = popularLandmarks(summaries, shownItems);
  // A fixed "random" draw, so the document changes only when the data does.
  const random = summaries.filter((summary) => !popular.includes(summary)).slice(-shownItems);
  return {
    parameters: {},
    body: {
      popular: popular.map((landmark) => presentLandmarkSummary(landmark, now)),
      random: random.map((landmark) => presentLandmarkSummary(landmark, now)),
    },
  };
}

/** Examples for every operation, or undefined for a catalogue without landmarks. */
export async function apiExamples(catalogue: Catalogue, now: Date): Promise<ApiExamples | undefined> {
  const landmark = exampleLandmark(catalogue);
  if (!landmark) return undefined;
  const report = landmark.reports[0];
  const query = searchTermFor(landmark);
  const operations: Partial<Record<OperationId, OperationExample>> = {
    searchLandmarks: await searchExample(catalogue, query, now),
    getLandmark: { parameters: { slug: landmark.slug }, body: presentLandmarkDetail(landmark, now) },
    listLandmarks: await listExample(catalogue, now),
    getFeaturedLandmarks: featuredExample(catalogue, now),
  };
  if (report) operations.getReport = { parameters: { id: report.id }, body: presentReport(report, now) };
  const changes = await changesExample(catalogue, now);
  if (changes) operations.getChanges = changes;
  return { landmark, report, query, operations };
}
