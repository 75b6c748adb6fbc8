import { jsonResponse } from '../http.ts';
import { getReportOperation } from '../operations/get-report.ts';
import { apiCacheControl, type RouteHandler } from './context.ts';

export const getReport: RouteHandler = async ({ request, params, store, now }) =>
  jsonResponse(request, await getReportOperation({ store, now }, { id: params.id! }), { cacheControl: apiCacheControl });
