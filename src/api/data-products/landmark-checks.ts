import { bucketCountFor, bucketOf, keyHashesOf } from '../../domain/buckets.ts';
import { DigestList } from '../../domain/input-digests.ts';
import { jsonBytesOf } from '../../domain/json-texts.ts';
import type { WatchCheck } from '../../schema/api.ts';
import type { Catalogue } from '../../domain/catalogue.ts';
import { bucketFiles } from './hash-buckets.ts';
import { dataPrefix, declareDataProduct } from './product.ts';

/**
 * The most files the checks may take. A landmark's checks are a few hundred bytes (most of it the
 * address read), so at 100k landmarks, all watched, a file holds about 800 of them in 0.6 MB, as
 * much as a landmark bucket of a million reports; what the 20,000-file budget leaves allows no more.
 */
const fileShare = 128;

/** Files for this many watched landmarks (those with checks); at most, for the budget, every landmark. */
const bucketCount = (watched: number) => Math.min(fileShare, bucketCountFor(watched));

const watchedIn = (catalogue: Catalogue) => catalogue.landmarks.reduce((count, landmark) => count + (landmark.watchChecks.length > 0 ? 1 : 0), 0);

const paths = { checksBucket: (index: number) => `${dataPrefix}checks/${index}.jsonl` };

/**
 * Each watched landmark's checks (what `npm run watch` last found at its sources), in hash buckets
 * by slug, apart from its bucket: a run of the watch, every six hours, gives most of them a new
 * time and changes nothing else, so only these files are made again, not every watched landmark
 * with its reports (a rebuild of 19–23 s instead of 177 s at 100k landmarks and a million reports,
 * 96,875 of them watched: docs/performance.md). The landmark's answers read them beside its
 * bucket. A landmark without checks is not in them.
 */
export const landmarkChecks = declareDataProduct({
  paths,
  manifestFields: ({ catalogue }) => ({ checksBuckets: bucketCount(watchedIn(catalogue)) }),
  *files({ catalogue }) {
    const positions = catalogue.landmarks.flatMap((landmark, position) => (landmark.watchChecks.length > 0 ? [position] : []));
    const slugs = positions.map((position) => catalogue.landmarks[position]!.slug);
    const all = catalogue.inputDigests?.checks;
    let digests: DigestList | undefined;
    if (all) {
      const bytes = all.range(0, all.length);
      digests = new DigestList(positions.length);
      for (const position of positions) digests.push(bytes, position);
    }
    const checks = positions.map((position) => catalogue.landmarks[position]!.watchChecks);
    yield* bucketFiles(checks, (position) => slugs[position]!, keyHashesOf(slugs), bucketCount(slugs.length), paths.checksBucket, digests, jsonBytesOf);
  },
  fileCount: ({ landmarks }) => bucketCount(landmarks),
  reader: (_, manifest, keyed) => ({
    /** A landmark's checks; none when it watches no source or none was checked yet. */
    async landmarkChecks(slug: string): Promise<WatchCheck[]> {
      return (await keyed.record<WatchCheck[]>(paths.checksBucket(bucketOf(slug, (await manifest()).checksBuckets)), slug)) ?? [];
    },
  }),
});
