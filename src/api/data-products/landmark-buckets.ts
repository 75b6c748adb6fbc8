import { bucketOf, keyHashesOf } from '../../domain/buckets.ts';
import { publishedLandmarkJson } from '../../domain/catalogue.ts';
import { keptReportLimit, keptReports } from '../../domain/landmark-reports.ts';
import type { StoredLandmarkDetail } from '../../schema/api.ts';
import { bucketFiles } from './hash-buckets.ts';
import { dataPrefix, declareDataProduct } from './product.ts';

const paths = { landmarkBucket: (index: number) => `${dataPrefix}landmarks/${index}.jsonl` };

/** Each landmark with its reports (of a heavy landmark, those it keeps at hand), in hash buckets by slug. */
export const landmarkBuckets = declareDataProduct({
  paths,
  manifestFields: ({ layout }) => ({ landmarkBuckets: layout.landmarkBuckets }),
  *files({ catalogue, layout }) {
    const slugs = catalogue.landmarks.map(({ slug }) => slug);
    // A heavy landmark keeps a bounded share of its reports in its bucket; all of them go apart (heavy-reports.ts).
    const bucketed = catalogue.landmarks.map((landmark) => (landmark.reports.length > keptReportLimit ? { ...landmark, reports: keptReports(landmark.reports) } : landmark));
    yield* bucketFiles(bucketed, (position) => slugs[position]!, keyHashesOf(slugs), layout.landmarkBuckets, paths.landmarkBucket, catalogue.inputDigests?.landmarks, (landmark) => publishedLandmarkJson(landmark, catalogue));
  },
  fileCount: (_, layout) => layout.landmarkBuckets,
  reader: (_, manifest, keyed) => ({
    async landmark(slug: string): Promise<StoredLandmarkDetail | undefined> {
      return keyed.record<StoredLandmarkDetail>(paths.landmarkBucket(bucketOf(slug, (await manifest()).landmarkBuckets)), slug);
    },
  }),
});
