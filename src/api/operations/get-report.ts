import { answerDay } from '../answer-day.ts';
import { presentReport } from '../present.ts';
import { notFound } from '../api-error.ts';
import { z } from 'zod';
import { apiCacheControl, at, atError, freshnessNote, id } from './parameters.ts';
import { report } from '../../schema/api.ts';
import { apiBasePath } from '../../domain/urls.ts';
import { declareOperation } from './declaration.ts';

export const getReport = declareOperation({
  operationId: 'getReport',
  path: `${apiBasePath}/reports/{id}`,
  title: 'Get a report',
  summary: 'One condition report with its freshness, source, details and canonical URLs.',
  description: `Cite the report by \`urls.html\`, its canonical URL. ${freshnessNote}`,
  tag: 'Reports',
  input: z.strictObject({ id, at }),
  response: report,
  responseName: 'Report',
  errors: [{ status: 404, when: 'no report has this id' }, atError],
  cacheControl: apiCacheControl,
  exampleMistake: { id: 'zzzzzzzzzz' },
  exampleRequest: ({ report }) => (report ? { id: report.id } : undefined),
  async run({ store, now }, { id, at }) {
    const day = answerDay(now, at);
    const report = await store.report(id);
    if (!report) {
      throw notFound(`No report has the id "${id}". Report ids are listed in each landmark's reports.`);
    }
    return { ...presentReport(report, day), asOf: day };
  },
});
