import { answerDay } from '../answer-day.ts';
import { presentReport } from '../present.ts';
import { notFound } from '../api-error.ts';
import type { Operation } from './context.ts';

export const getReportOperation: Operation<'getReport'> = async ({ store, now }, { id, at }) => {
  const day = answerDay(now, at);
  const report = await store.report(id);
  if (!report) {
    throw notFound(`No report has the id "${id}". Report ids are listed in each landmark's reports.`);
  }
  return { ...presentReport(report, day), asOf: day };
};
