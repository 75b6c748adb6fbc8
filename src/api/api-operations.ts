import type { ApiOperation as Declaration } from './operations/declaration.ts';
import { getChanges } from './operations/get-changes.ts';
import { getFeaturedLandmarks } from './operations/get-featured.ts';
import { getLandmarkStatus } from './operations/get-landmark-status.ts';
import { getLandmark } from './operations/get-landmark.ts';
import { getReport } from './operations/get-report.ts';
import { listLandmarkReports } from './operations/list-landmark-reports.ts';
import { listLandmarksToRecheck } from './operations/list-landmarks-to-recheck.ts';
import { listLandmarks } from './operations/list-landmarks.ts';
import { listNearbyLandmarks } from './operations/list-nearby-landmarks.ts';
import { searchLandmarks } from './operations/search-landmarks.ts';

/**
 * The operations of the public API, each declared in its own file (operations/<name>.ts: its
 * path, parameters, answer, errors, examples and code). The REST routes and the MCP tools check
 * their inputs against these declarations and run them, and the OpenAPI document, the MCP tool
 * list, llms.txt and the plugin manifest are generated from them, so none can drift from what the
 * API does. Ids and order come from this list alone.
 */
const operationList = [
  // In the order people meet them: find, then read, then keep in sync.
  searchLandmarks,
  getLandmark,
  getLandmarkStatus,
  listNearbyLandmarks,
  listLandmarkReports,
  getReport,
  listLandmarks,
  getChanges,
  getFeaturedLandmarks,
  listLandmarksToRecheck,
] as const;

type Declared = (typeof operationList)[number];
export type OperationId = Declared['operationId'];

/** Any one of the operations, as the code that handles them all (routes, tools, documents) sees it. */
export type ApiOperation = Declaration<OperationId>;

/** Each operation by its operationId, with its own literal types. */
export const apiOperations = Object.fromEntries(operationList.map((operation) => [operation.operationId, operation])) as {
  [Id in OperationId]: Extract<Declared, { operationId: Id }>;
};

export const operationOrder: readonly OperationId[] = operationList.map((operation) => operation.operationId);

/**
 * Each id by itself, for prose and code that name an operation: `operationIds.getLandmark` is
 * checked by the compiler, so renaming an operation in its file cannot leave a stale name behind.
 */
export const operationIds = Object.fromEntries(operationOrder.map((id) => [id, id])) as { [Id in OperationId]: Id };

/** The version of the interface description (OpenAPI info.version, MCP server version). */
export const openApiVersion = '1.0.0';

/** The names of the path parameters of a path template, e.g. ["slug"]. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

/** A concrete path for a template, e.g. /api/public/v1/landmarks/eiffel-tower. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}
