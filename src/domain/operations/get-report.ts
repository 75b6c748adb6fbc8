import { presentReport } from '../present.ts';
import { notFound } from '../api-error.ts';
import type { Operation } from './context.ts';

export const getReportOperation: Operation<'getReport'> = async ({ store, now }, { id }) => {
  const report = await store.report(id);
  if (!report) {
    throw notFound(`No report has the id "${id}". Report ids are listed in each landmark's reports.`);
  }
  return presentReport(report, now);
};
