import { bucketOf } from '../../domain/buckets.ts';
import { reportColumnsOf } from '../../domain/report-columns.ts';
import { publishedReportJson } from '../../domain/catalogue.ts';
import type { StoredReport } from '../../schema/api.ts';
import { bucketFiles } from './hash-buckets.ts';
import { dataPrefix, declareDataProduct } from './product.ts';

const paths = { reportBucket: (index: number) => `${dataPrefix}reports/${index}.jsonl` };

/** Each report, in hash buckets by id. */
export const reportBuckets = declareDataProduct({
  paths,
  manifestFields: ({ layout }) => ({ reportBuckets: layout.reportBuckets }),
  *files({ catalogue, layout }) {
    const { reports } = catalogue;
    yield* bucketFiles(reports, (position) => reports[position]!.id, reportColumnsOf(reports).idHashes, layout.reportBuckets, paths.reportBucket, catalogue.inputDigests?.reports, (report, position) => publishedReportJson(report, catalogue, position));
  },
  fileCount: (_, layout) => layout.reportBuckets,
  reader: (_, manifest, keyed) => ({
    async report(id: string): Promise<StoredReport | undefined> {
      return keyed.record<StoredReport>(paths.reportBucket(bucketOf(id, (await manifest()).reportBuckets)), id);
    },
  }),
});
