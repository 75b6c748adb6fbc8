import { ApiError } from '../api/api-error.ts';
import { apiOperations, operationOrder, type ApiOperation, type OperationId } from '../api/api-operations.ts';
import { publishedLandmark, type Catalogue } from '../domain/catalogue.ts';
import { lastChanges } from '../domain/changes.ts';
import { firstInOrder } from '../domain/first-in-order.ts';
import type { DataStore } from '../api/data-products.ts';
import type { OperationContext } from '../api/operations/context.ts';
import type { ExampleSubject } from '../api/operations/declaration.ts';
import { runOperation } from '../api/operations/run-operation.ts';
import { queryWords } from '../api/search/run-query.ts';
import type { ApiError as ApiErrorBody, CatalogueLandmark, StoredLandmarkDetail, StoredReport } from '../schema/api.ts';

/**
 * Examples of every operation, made by running the operations themselves against the data files
 * this build wrote: real slugs, real ids, real search results, and the real
 * answer to each operation's typical mistake. Lists ask for a few items so the documents stay
 * short; each example is a valid response (a test checks them all).
 */
export interface OperationExample {
  /** Parameter values of the example request, by parameter name. */
  parameters: Record<string, string | number>;
  /** The success body of that request, as the Worker would answer it at the build's moment. */
  body: unknown;
}

export interface ApiExamples {
  /** The landmark the examples are about: a typical one (exampleLandmark). */
  landmark: StoredLandmarkDetail;
  /** Its most recently confirmed report, when it has one. */
  report: StoredReport | undefined;
  /** A search term that finds the landmark. */
  query: string;
  operations: Partial<Record<OperationId, OperationExample>>;
  /** What each operation answers to its typical mistake (`exampleMistake` in the operation table). */
  mistakes: Partial<Record<OperationId, ApiErrorBody>>;
}

const shownItems = 2;

/** An example shows a history, not the largest one: the documents stay small whatever the catalogue's shape. */
const typicalReportCount = 5;

/**
 * A typical landmark: the one with most reports up to typicalReportCount (the most popular among
 * equals), else the one with fewest. The most reported landmark of a skewed catalogue holds
 * thousands of reports; an example of it would make every document as large as its history.
 */
function exampleLandmark(catalogue: Catalogue): CatalogueLandmark | undefined {
  const distance = (landmark: CatalogueLandmark) =>
    landmark.reportCount <= typicalReportCount ? typicalReportCount - landmark.reportCount : landmark.reportCount;
  return firstInOrder(
    catalogue.landmarks,
    1,
    (a, b) => distance(a) - distance(b) || (b.wikipediaEditions ?? 0) - (a.wikipediaEditions ?? 0) || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0),
  )[0];
}

/** The longest word of the name: specific enough to find the landmark, short enough to type. */
function searchTermFor(landmark: StoredLandmarkDetail): string {
  const words = queryWords(landmark.name);
  return words.reduce((longest, word) => (word.length > longest.length ? word : longest), words[0] ?? landmark.slug.slice(0, 20));
}

/** A fixed sequence instead of chance, so the documents change only when the data does. */
function fixedRandom(): () => number {
  let step = 0;
  return () => ((step++ * 0.618_033_988_75) % 1);
}

/** What the examples are about: the landmark, its latest report, a search term and a recent change. */
function exampleSubject(catalogue: Catalogue, landmark: StoredLandmarkDetail, searchTerm: string): ExampleSubject {
  const [firstShown] = lastChanges(catalogue.reports, catalogue.siteUrl, shownItems);
  return {
    landmark,
    report: landmark.reports[0],
    searchTerm,
    // Since the start of the day of the change before last: a request that finds a couple of changes.
    changesSince: firstShown && `${firstShown.updatedAt.slice(0, 10)}T00:00:00Z`,
    shownItems,
  };
}

/**
 * Examples for every operation, or undefined for a catalogue without landmarks. `store` reads the
 * API data files this build wrote, as the Worker would.
 */
export async function apiExamples(catalogue: Catalogue, store: DataStore, now: Date): Promise<ApiExamples | undefined> {
  const typical = exampleLandmark(catalogue);
  if (!typical) return undefined;
  const landmark = publishedLandmark(typical, catalogue);
  const query = searchTermFor(landmark);
  const context: OperationContext = { store, now, random: fixedRandom() };

  const subject = exampleSubject(catalogue, landmark, query);
  const operations: Partial<Record<OperationId, OperationExample>> = {};
  for (const operationId of operationOrder) {
    const operation = apiOperations[operationId] as ApiOperation;
    const parameters = operation.exampleRequest(subject);
    if (!parameters) continue;
    const body = await runOperation(operationId, context, parameters);
    operations[operationId] = { parameters, body: operation.shortenExample ? operation.shortenExample(body, shownItems) : body };
  }
  const mistakes: Partial<Record<OperationId, ApiErrorBody>> = {};
  for (const operationId of operationOrder) {
    const mistake = (apiOperations[operationId] as ApiOperation).exampleMistake;
    if (!mistake) continue;
    try {
      await runOperation(operationId, context, mistake);
      throw new Error(`${operationId} accepted its exampleMistake ${JSON.stringify(mistake)}; make it a request the operation refuses`);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      mistakes[operationId] = error.toBody();
    }
  }
  return { landmark, report: landmark.reports[0], query, operations, mistakes };
}
