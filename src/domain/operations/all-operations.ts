import type { OperationId } from '../api-operations.ts';
import type { Operation } from './context.ts';
import { getChangesOperation } from './get-changes.ts';
import { getFeaturedLandmarksOperation } from './get-featured.ts';
import { getLandmarkOperation } from './get-landmark.ts';
import { getLandmarkStatusOperation } from './get-landmark-status.ts';
import { getReportOperation } from './get-report.ts';
import { listLandmarkReportsOperation } from './list-landmark-reports.ts';
import { listLandmarksOperation } from './list-landmarks.ts';
import { listLandmarksToRecheckOperation } from './list-landmarks-to-recheck.ts';
import { searchLandmarksOperation } from './search-landmarks.ts';

/** Every operation by its operationId: what REST, the MCP tools and the build's examples run. A declared operation without one here fails the type check. */
export const allOperations: { [Id in OperationId]: Operation<Id> } = {
  listLandmarks: listLandmarksOperation,
  getFeaturedLandmarks: getFeaturedLandmarksOperation,
  searchLandmarks: searchLandmarksOperation,
  getLandmark: getLandmarkOperation,
  getLandmarkStatus: getLandmarkStatusOperation,
  listLandmarkReports: listLandmarkReportsOperation,
  getReport: getReportOperation,
  getChanges: getChangesOperation,
  listLandmarksToRecheck: listLandmarksToRecheckOperation,
};
