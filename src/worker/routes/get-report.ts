import { presentReport } from '../../model/present.ts';
import { notFound } from '../api-error.ts';
import { jsonResponse } from '../http.ts';
import { apiCacheControl, type RouteHandler } from './context.ts';

export const getReport: RouteHandler = async ({ request, params, store, now }) => {
  const report = await store.report(params.id!);
  if (!report) {
    throw notFound(`No report has the id "${params.id}". Report ids are listed in each landmark's reports.`);
  }
  return jsonResponse(request, presentReport(report, now), { cacheControl: apiCacheControl });
};
