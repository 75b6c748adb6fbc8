import { checksInputText, digestBytes, DigestList, landmarkInputText, type DigestFunction } from '../domain/input-digests.ts';
import { checksRecordedAgain, datedClosureChecksOf, watchChecksOf } from '../domain/watch-checks.ts';
import { positionOf, type CatalogueShard } from '../kept/catalogue.ts';
import type { WatchChecksFile } from '../schema/watch-checks.ts';
import type { WatchSource } from '../schema/watch-sources.ts';
import { landmarkFileOf } from './check-content-file.ts';
import { readAndCheck } from './read-and-check.ts';

type KeptLandmark = CatalogueShard['landmarks'][number];

/** A kept landmark with the checks content/watch/checks.yaml now gives it, and its digests taken again. */
export interface RecheckedLandmark {
  landmark: KeptLandmark;
  digest: Uint8Array;
  checkDigest: Uint8Array;
  /** Whether its input digest was taken again (its dated-closure checks changed): its shard is then saved again, not only the shard's checks. */
  digestChanged: boolean;
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
 * gives them. A landmark's checks are its watch list joined with the file's records for its slug,
 * and nothing else: its reports are not read, and its detail is the kept one with the new checks.
 * The kept checks give the watch list's sources (checksRecordedAgain); its file is read only when
 * a record names a source it had no check of. Its checks' digest is taken of them; its input
 * digest is taken again, as buildCatalogue takes it, only when the checks of its sources that list
 * dated closures changed (it holds no others): from its file's blob id, its popularity and its
 * reports' kept digests, which do not depend on the checks. Undefined when a landmark's file no
 * longer passes as it did (the full load then says why).
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
  const found: { landmark: KeptLandmark; digest: string | Uint8Array; checkDigest: string; digestChanged: boolean }[] = [];
  let filesRead = 0;
  for (const shard of shards) {
    for (const [index, landmark] of shard.landmarks.entries()) {
      const { slug } = landmark;
      // Without checks kept or records now, a landmark's checks stay none, whatever its watch list.
      if (isTouched(slug) || (landmark.watchChecks.length === 0 && !Object.hasOwn(checks, slug))) continue;
      // Its file, read at most once and only when needed; undefined when it no longer passes.
      let file: LandmarkFile | undefined | 'unread' = 'unread';
      const fileNow = () => {
        if (file === 'unread') {
          file = landmarkFileIn(root, slug);
          filesRead++;
        }
        return file;
      };
      let watchChecks = checksRecordedAgain(landmark.watchChecks, checks[slug]);
      if (!watchChecks) {
        const read = fileNow();
        if (!read) return undefined;
        watchChecks = watchChecksOf(read.watch, checks[slug]);
      }
      const published = JSON.stringify(watchChecks);
      if (published === JSON.stringify(landmark.watchChecks)) continue;
      const dated = JSON.stringify(datedClosureChecksOf(watchChecks));
      let landmarkDigest: string | Uint8Array = shard.landmarkDigests.subarray(index * digestBytes, (index + 1) * digestBytes);
      const digestChanged = dated !== JSON.stringify(datedClosureChecksOf(landmark.watchChecks));
      if (digestChanged) {
        const read = fileNow();
        if (!read) return undefined;
        landmarkDigest = digest(landmarkInputText(read.blobId, slug, landmark.wikipediaEditions, ownReportDigests(shard, landmark), dated));
      }
      found.push({ landmark: { ...landmark, watchChecks }, digest: landmarkDigest, checkDigest: digest(checksInputText(published)), digestChanged });
    }
  }
  // As bytes, the way a shard holds them: lists made to their count, each digest a view of them.
  const [digests, checkDigests] = [new DigestList(found.length), new DigestList(found.length)];
  for (const entry of found) {
    digests.push(entry.digest);
    checkDigests.push(entry.checkDigest);
  }
  return {
    landmarks: new Map(found.map(({ landmark, digestChanged }, index) => [landmark.slug, { landmark, digest: digests.at(index), checkDigest: checkDigests.at(index), digestChanged }])),
    filesRead,
  };
}

/** A landmark file's watch list and blob id. */
interface LandmarkFile {
  watch: WatchSource[] | undefined;
  blobId: string;
}

/** The landmark's file as it reads now; undefined when it no longer passes. */
function landmarkFileIn(root: string, slug: string): LandmarkFile | undefined {
  const { outcome, blobId } = readAndCheck(root, landmarkFileOf(slug));
  if (!outcome.landmark || outcome.problems.length > 0 || blobId === undefined) return undefined;
  return { watch: outcome.landmark.frontmatter.watch, blobId };
}

/** The kept digests of a landmark's reports in id order, the order buildCatalogue takes them in (a shard holds its reports in id order). */
function ownReportDigests(shard: CatalogueShard, landmark: KeptLandmark): Uint8Array[] {
  const positions = landmark.reports.map((report) => positionOf(shard.reports, report.id, (kept) => kept.id)).sort((a, b) => a - b);
  return positions.map((position) => shard.reportDigests.subarray(position * digestBytes, (position + 1) * digestBytes));
}
