import { bucketCountFor, bucketOf } from '../../domain/buckets.ts';
import { answerTimelineOf } from '../../domain/landmark-status.ts';
import { keptReportLimit, keptReports } from '../../domain/landmark-reports.ts';
import { evidenceOf, type Catalogue } from '../../domain/catalogue.ts';
import { cellOf, gridLevels, type GridLevel } from '../nearby/cell-grid.ts';
import type { CatalogueLandmark } from '../../schema/api.ts';
import type { StoredNearbyEntry } from '../../schema/nearby.ts';
import { keyedRecordPieces } from './keyed-records.ts';
import { jsonArrayPieces, utf8BytesOf } from '../../domain/json-texts.ts';
import { dataFileOf, dataPrefix, declareDataProduct, type CatalogueSizes, type LineSource } from './product.ts';

/**
 * The most files each level of the nearby index may take: 448 together, what the 20,000-file
 * budget leaves at 100k landmarks and 1M reports (test/api/data-layout.test.ts). A file holds
 * every landmark of the cells hashed to it, so what a request reads grows with the catalogue over
 * the files: the finest level, which answers the usual "within 10 km", has most of them (at 100k
 * landmarks about 260 landmarks a file), the coarser ones, for rarer wide circles, fewer.
 */
const fileShares = [384, 32, 32] as const;

const bucketCounts = ({ landmarks }: CatalogueSizes) => fileShares.map((share) => Math.min(share, bucketCountFor(landmarks)));

const paths = {
  nearbyBucket: (level: GridLevel, index: number) => `${dataPrefix}nearby/${level}/${index}.jsonl`,
};

/**
 * A landmark as the nearby index keeps it: what its bucket's record decides its answer with (so
 * the answer is the status route's), and the periods its calendar would show.
 */
function nearbyEntryOf(landmark: CatalogueLandmark, catalogue: Pick<Catalogue, 'reports' | 'evidence'>): StoredNearbyEntry {
  // As its bucket holds it (landmark-buckets.ts): a heavy landmark with the reports it keeps at hand.
  const bucketed = landmark.reports.length > keptReportLimit ? { ...landmark, reports: keptReports(landmark.reports) } : landmark;
  const { conditionTimeline, lastKnown, datedClosureChecks } = answerTimelineOf(bucketed);
  return {
    slug: landmark.slug,
    name: landmark.name,
    coordinates: landmark.coordinates,
    conditionTimeline: conditionTimeline.map(({ reportId, condition, from, currentUntil }) => [reportId, condition, from, currentUntil]),
    lastKnown: lastKnown.map(([day, id]) => [day, id]),
    datedClosureChecks: [...datedClosureChecks],
    periods: bucketed.reports
      .filter((report) => report.until !== null)
      .map((report) => {
        const { id, condition, summary, from, currentUntil, until, untilKind, supersededBy, updatedAt } = report;
        return { id, condition, summary, from, currentUntil, until, untilKind, supersededBy, source: evidenceOf(report, catalogue).source, updatedAt };
      }),
  };
}

/**
 * Every landmark by the cell of each grid level it lies in (nearby/cell-grid.ts), the cells in
 * hash buckets by key: a circle within a level's radius touches at most four cells, so four files,
 * of which it parses only those cells (a keyed-records file, keyed-records.ts: at a million
 * reports a file of the coarse levels is 4 MB of JSON).
 * A bucket file is made from its own landmarks only when it cannot be reused: at 100k landmarks /
 * 1M reports the index is 1.5 GB of JSON, and a rebuild made and wrote all of it again.
 */
export const nearbyCells = declareDataProduct({
  paths,
  manifestFields: ({ catalogue }) => ({ nearbyBuckets: bucketCounts({ landmarks: catalogue.landmarks.length, reports: catalogue.reports.length }) }),
  *files({ catalogue }) {
    const { landmarks, inputDigests } = catalogue;
    const counts = bucketCounts({ landmarks: landmarks.length, reports: catalogue.reports.length });
    // Each landmark's entry is made once for the three levels when the build keeps texts: a change
    // to a hundred landmarks remakes most files of the coarse levels, 200,000 entries at 100k
    // landmarks, each reading its reports' sources (11.9 s of such a rebuild at a million reports).
    const entryOf = (position: number) => JSON.stringify(nearbyEntryOf(landmarks[position]!, catalogue));
    const entryText = catalogue.madeOnce?.('nearby entry', landmarks.length) ?? ((_: number, make: () => string) => utf8BytesOf(make()));
    for (const level of gridLevels.keys() as Iterable<GridLevel>) {
      // Each bucket's landmarks, in catalogue order, which is the order of its cells and of their entries.
      const positions: number[][] = Array.from({ length: counts[level]! }, () => []);
      const keys = landmarks.map((landmark, position) => {
        const key = cellOf(level, landmark.coordinates);
        positions[bucketOf(key, counts[level]!)]!.push(position);
        return key;
      });
      for (const [index, bucket] of positions.entries()) {
        const cells = (lines?: LineSource) => {
          // Each cell's landmarks, by the order of their cells' first landmark.
          const byKey = new Map<string, number[]>();
          for (const position of bucket) {
            const cell = byKey.get(keys[position]!);
            if (cell) cell.push(position);
            else byKey.set(keys[position]!, [position]);
          }
          const made = (members: number[]) => () => jsonArrayPieces(members.map((position) => entryText(position, () => entryOf(position))));
          // A cell's line is made from its landmarks' digests: copied when none of them changed.
          return keyedRecordPieces(
            [...byKey].map(([key, members]) => [key, lines && inputDigests ? lines.line(key, inputDigests.landmarks.gathered(members), made(members)) : made(members)()]),
          );
        };
        yield dataFileOf(paths.nearbyBucket(level, index), cells, inputDigests && (() => [inputDigests.landmarks.gathered(bucket)]));
      }
    }
  },
  fileCount: (sizes) => bucketCounts(sizes).reduce((total, count) => total + count, 0),
  reader: (_, manifest, keyed) => ({
    /** The landmarks in one cell of the nearby index (none when the cell is empty). */
    async nearbyCell(key: string): Promise<StoredNearbyEntry[]> {
      const level = Number(key.split('/')[0]) as GridLevel;
      const path = paths.nearbyBucket(level, bucketOf(key, (await manifest()).nearbyBuckets[level]!));
      return (await keyed.record<StoredNearbyEntry[]>(path, key)) ?? [];
    },
  }),
});
