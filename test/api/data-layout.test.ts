import { describe, expect, it } from 'vitest';
import { dataLayoutFor, fileShares } from '../../src/api/data-layout.ts';
import { dataFileCount } from '../../src/api/data-products.ts';
import { defaultMaxFiles } from '../../src/emit/file-budget.ts';

// What the data layout cannot choose: search shards follow the first and last two letters of words
// (1,332 at 100k synthetic landmarks, measured), downloads split into parts of about 8,192 rows (507
// files at 1M reports, measured), pages and assets are a few dozen (19 on the bundled content, 41
// at 100k / 1M with its sitemaps, docs/performance.md "The file budget"). Allowances with a margin
// of a third or more for each:
const searchShards = 2_000;
const downloads = 700;
const pagesAndAssets = 72;

describe('the data layout', () => {
  for (const [landmarks, reports] of [[54, 86], [1_000, 10_000], [10_000, 100_000], [100_000, 1_000_000]] as const) {
    it(`keeps ${landmarks.toLocaleString('en')} landmarks and ${reports.toLocaleString('en')} reports within 20,000 files, in small files`, () => {
      const layout = dataLayoutFor({ landmarks, reports });
      const total = dataFileCount(layout, { landmarks, reports }) + searchShards + downloads + pagesAndAssets;
      expect(total).toBeLessThanOrEqual(defaultMaxFiles);
      // Per request, a few small files: at most ~125 reports or 25 landmarks (with their reports) per bucket,
      // 50 summaries per list chunk, 500 changes per changes chunk.
      expect(reports / layout.reportBuckets).toBeLessThanOrEqual(125);
      expect(landmarks / layout.landmarkBuckets).toBeLessThanOrEqual(25);
      expect(layout.landmarkChunkSize).toBeLessThanOrEqual(50);
      expect(layout.changesChunkSize).toBeLessThanOrEqual(500);
    });
  }

  it('keeps the smallest files while the catalogue is small', () => {
    expect(dataLayoutFor({ landmarks: 54, reports: 86 })).toEqual({ landmarkBuckets: 4, reportBuckets: 8, landmarkChunkSize: 50, changesChunkSize: 200 });
  });

  it('grows files, not their number, past each share', () => {
    const large = dataLayoutFor({ landmarks: 1_000_000, reports: 10_000_000 });
    expect(large.reportBuckets).toBe(fileShares.reportBuckets);
    expect(large.landmarkBuckets).toBe(fileShares.landmarkBuckets);
    expect(Math.ceil(1_000_000 / large.landmarkChunkSize)).toBeLessThanOrEqual(fileShares.landmarkChunks);
    expect(Math.ceil(10_000_000 / large.changesChunkSize)).toBeLessThanOrEqual(fileShares.changesChunks);
  });
});
