import { digestBytes, DigestList, landmarkInputText, type DigestFunction } from '../domain/input-digests.ts';
import { watchChecksOf } from '../domain/watch-checks.ts';
import { positionOf, type CatalogueShard } from '../kept/catalogue.ts';
import type { WatchChecksFile } from '../schema/watch-checks.ts';
import { landmarkFileOf } from './check-content-file.ts';
import { readAndCheck } from './read-and-check.ts';

type KeptLandmark = CatalogueShard['landmarks'][number];

/** A kept landmark with the checks content/watch/checks.yaml now gives it, and its input digest taken again. */
export interface RecheckedLandmark {
  landmark: KeptLandmark;
  digest: Uint8Array;
}

export interface Rechecks {
  /** By slug: the kept landmarks whose published checks changed. */
  landmarks: Map<string, RecheckedLandmark>;
  /** How many landmark files were read to find them. */
  filesRead: number;
}

/**
 * After a change to content/watch/checks.yaml (each run of `npm run watch` makes one): the kept
 * landmarks, among those `isTouched` leaves, whose published checks are no longer what the file
 * gives them. A landmark's checks are its watch list (its own file, read here) joined with the
 * file's records for its slug, and nothing else: its reports are not read, and its detail is the
 * kept one with the new checks. Its input digest is taken again, as buildCatalogue takes it, from
 * its file's blob id, its popularity and its reports' kept digests; its reports' digests do not
 * depend on the checks. Undefined when a landmark's file no longer passes as it did (the full load
 * then says why).
 *
 * Any change to the file used to send the build to the full load: 153 s against 80 s for a watch
 * run's rebuild at a million reports, 10,000 landmarks watched (docs/performance.md). Derived again
 * with their reports, as a changed file's landmarks are, those landmarks would have every one of
 * their reports read, well past the files beyond which the full load is the faster way.
 */
export function recheckedLandmarks(
  root: string,
  shards: readonly CatalogueShard[],
  checks: WatchChecksFile['checks'],
  isTouched: (slug: string) => boolean,
  digest: DigestFunction,
): Rechecks | undefined {
  const found: { landmark: KeptLandmark; digest: string }[] = [];
  let filesRead = 0;
  for (const shard of shards) {
    for (const landmark of shard.landmarks) {
      const { slug } = landmark;
      // Without checks kept or records now, a landmark's checks stay none, whatever its watch list.
      if (isTouched(slug) || (landmark.watchChecks.length === 0 && !Object.hasOwn(checks, slug))) continue;
      const { outcome, blobId } = readAndCheck(root, landmarkFileOf(slug));
      filesRead++;
      if (!outcome.landmark || outcome.problems.length > 0 || blobId === undefined) return undefined;
      const watchChecks = watchChecksOf(outcome.landmark.frontmatter.watch, checks[slug]);
      const published = JSON.stringify(watchChecks);
      if (published === JSON.stringify(landmark.watchChecks)) continue;
      found.push({ landmark: { ...landmark, watchChecks }, digest: digest(landmarkInputText(blobId, slug, landmark.wikipediaEditions, ownReportDigests(shard, landmark), published)) });
    }
  }
  // As bytes, the way a shard holds them: one list, made to their count, each digest a view of it.
  const digests = new DigestList(found.length);
  for (const { digest: text } of found) digests.push(text);
  return { landmarks: new Map(found.map(({ landmark }, index) => [landmark.slug, { landmark, digest: digests.at(index) }])), filesRead };
}

/** The kept digests of a landmark's reports in id order, the order buildCatalogue takes them in (a shard holds its reports in id order). */
function ownReportDigests(shard: CatalogueShard, landmark: KeptLandmark): Uint8Array[] {
  const positions = landmark.reports.map((report) => positionOf(shard.reports, report.id, (kept) => kept.id)).sort((a, b) => a - b);
  return positions.map((position) => shard.reportDigests.subarray(position * digestBytes, (position + 1) * digestBytes));
}
