import { lstatSync } from 'node:fs';
import path from 'node:path';
import { buildCatalogue, type ReportEvidenceAt } from '../domain/catalogue.ts';
import { recordsOfChecks } from '../domain/watch-checks.ts';
import type { ReportEvidence } from '../schema/api.ts';
import type { Utf8Bytes } from '../domain/json-texts.ts';
import { digestBytes, type DigestList } from '../domain/input-digests.ts';
import { orderAfter, positionOf, shardOfSlug, type CatalogueShard, type KeptCatalogue } from '../kept/catalogue.ts';
import { inputDigest } from '../kept/digests.ts';
import { landmarkFile, landmarkFileOf, otherAllowedFiles, reportFile } from './check-content-file.ts';
import { crossCheck, type Elsewhere } from './cross-checks.ts';
import { popularityPath } from './popularity.ts';
import { watchChecksPath, type WatchChecksFile } from '../schema/watch-checks.ts';
import { readAndCheck } from './read-and-check.ts';
import { recheckedLandmarks, type RecheckedLandmark } from './rechecked-landmarks.ts';
import type { LandmarkRecord, ReportRecord } from './records.ts';
import { reportFileOf } from './report-bodies.ts';

/**
 * Past this many files to read again, the full load (parsing in every core, with its cache) is
 * the faster way; it is also what a checkout of another branch looks like.
 */
const mostFilesToRead = 20_000;

export interface UpdateOptions {
  root: string;
  now: Date;
  siteUrl: string;
  /** The last commit times of these report files by path, as the full load gives them. */
  commitTimes: (files: readonly string[]) => Promise<ReadonlyMap<string, string>>;
  /**
   * content/popularity.yaml's editions by Wikidata id, read only when the file changed or a
   * landmark's id is new; undefined when the file has a problem.
   */
  popularity: () => Promise<ReadonlyMap<string, number> | undefined>;
  /** content/watch/checks.yaml's records, read when the file changed or a watched landmark is new or its own file changed; undefined when the file has a problem. */
  watchChecks: () => Promise<WatchChecksFile['checks'] | undefined>;
}

export type CatalogueUpdate =
  /** `changedShards`: the shards changed; `checkedShards`: others whose landmarks' checks alone changed. */
  | { ok: true; catalogue: KeptCatalogue; changedShards: Set<number>; checkedShards: Set<number>; filesRead: number }
  /** The full load must run instead; `reason` says why, in words. */
  | { ok: false; reason: string };

/** A landmark the changed files touch: whether its own file changed and is there now, and its reports' files that are there now. */
interface Touched {
  slug: string;
  kept: StoredLandmark | undefined;
  fileChanged: boolean;
  landmarkPresent: boolean;
  reportFiles: Set<string>;
}

type StoredLandmark = CatalogueShard['landmarks'][number];

/**
 * The kept catalogue with `changed` files applied: every landmark they touch is derived again
 * from its file and all of its reports' files, exactly as the full load and buildCatalogue derive
 * it, and replaces what was kept of it. Nothing else is read.
 *
 * A change to content/popularity.yaml touches each landmark whose count it changed; one to
 * content/watch/checks.yaml gives the landmarks whose checks it changed their new checks, without
 * reading their reports (rechecked-landmarks.ts). Only content that would pass is applied: any
 * other changed file that is not a landmark or a report, or any problem (in a file, or across
 * files, found by the full load's own crossCheck with the untouched kept landmarks and reports as
 * the rest of the content) sends the build to the full load, which says exactly what is wrong and
 * where. Dates kept earlier cannot have moved into the future since.
 */
export async function updateCatalogue(kept: KeptCatalogue, changed: readonly string[], options: UpdateOptions): Promise<CatalogueUpdate> {
  const { shards } = kept;
  let popularity: Promise<ReadonlyMap<string, number> | undefined> | undefined;
  const popularityNow = () => (popularity ??= options.popularity());
  let checksChanged = false;
  const touched = new Map<string, Touched>();
  const touch = (slug: string) => {
    let entry = touched.get(slug);
    if (!entry) {
      const kept = keptLandmark(shards[shardOfSlug(slug)]!, slug);
      const reportFiles = new Set(kept?.reports.map((report) => reportPath(slug, report.id)));
      entry = { slug, kept, fileChanged: false, landmarkPresent: kept !== undefined, reportFiles };
      touched.set(slug, entry);
    }
    return entry;
  };
  for (const file of changed) {
    const present = isRegularFile(path.join(options.root, file));
    if (present === 'other') return { ok: false, reason: `${file} is not a regular file` };
    const landmark = landmarkFile.exec(file);
    const report = reportFile.exec(file);
    if (landmark) Object.assign(touch(landmark[1]!), { fileChanged: true, landmarkPresent: present });
    else if (report) {
      const { reportFiles } = touch(report[1]!);
      if (present) reportFiles.add(file);
      else reportFiles.delete(file);
    } else if (file === popularityPath) {
      const editions = await popularityNow();
      if (!editions) return { ok: false, reason: `${file} has a problem` };
      for (const shard of shards) {
        for (const { slug, wikidata, wikipediaEditions } of shard.landmarks) {
          if ((editions.get(wikidata) ?? null) !== wikipediaEditions) touch(slug);
        }
      }
    } else if (file === watchChecksPath) checksChanged = true;
    else if (!otherAllowedFiles.has(file)) return { ok: false, reason: `${file} changed` };
  }

  const toRead = [...touched.values()].reduce((count, entry) => count + entry.reportFiles.size + 1, 0);
  if (toRead > mostFilesToRead) return { ok: false, reason: `${toRead.toLocaleString('en')} files to read again` };
  const present = [...touched.values()].filter((entry) => entry.landmarkPresent);
  const commitTimes = await options.commitTimes(present.flatMap((entry) => [...entry.reportFiles]));
  const landmarks: LandmarkRecord[] = [];
  const reports: ReportRecord[] = [];
  for (const entry of touched.values()) {
    if (!entry.landmarkPresent) {
      if (entry.reportFiles.size > 0) return { ok: false, reason: `the landmark ${entry.slug} has reports but no file` };
      continue;
    }
    for (const file of [landmarkFileOf(entry.slug), ...entry.reportFiles]) {
      const { outcome, blobId } = readAndCheck(options.root, file);
      if (outcome.problems.length > 0 || blobId === undefined) return { ok: false, reason: `${file} has a problem` };
      if (outcome.landmark) landmarks.push({ ...outcome.landmark, blobId });
      if (outcome.report) reports.push({ ...outcome.report, blobId, committedAt: commitTimes.get(file) });
    }
  }
  landmarks.sort((a, b) => (a.slug < b.slug ? -1 : 1));
  reports.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.file < b.file ? -1 : 1));
  if (crossCheck({ landmarks, reports }, options.now, untouchedIn(shards, touched)).length > 0) return { ok: false, reason: 'the changed files have a problem across files' };

  // A landmark kept, whose file did not change, watches the sources it did: with the watch's
  // records as they were, its kept checks give them (recordsOfChecks).
  const keptChecks = (slug: string) => {
    const entry = touched.get(slug);
    return !entry?.kept || entry.fileChanged ? undefined : entry.kept.watchChecks;
  };
  const checks = checksChanged || landmarks.some((landmark) => landmark.frontmatter.watch !== undefined && !keptChecks(landmark.slug))
    ? await options.watchChecks()
    : Object.fromEntries(landmarks.map(({ slug }) => [slug, recordsOfChecks(keptChecks(slug) ?? [])]));
  if (!checks) return { ok: false, reason: `${watchChecksPath} has a problem` };
  const part = buildCatalogue(
    { landmarks, reports, watchChecks: checks, popularity: await popularityOf(landmarks, touched, popularityNow, changed.includes(popularityPath)), digest: inputDigest },
    options.siteUrl,
  );
  const rechecks = checksChanged ? recheckedLandmarks(options.root, shards, checks, (slug) => touched.has(slug), inputDigest) : { landmarks: new Map<string, RecheckedLandmark>(), filesRead: 0 };
  if (!rechecks) return { ok: false, reason: `a landmark whose checks ${watchChecksPath} changed has a problem` };
  const rechecked = (entry: Paired<StoredLandmark>): Paired<StoredLandmark> => {
    const again = rechecks.landmarks.get(entry.item.slug);
    return again ? { item: again.landmark, digest: again.digest, checkDigest: again.checkDigest } : entry;
  };
  const updated = [...shards];
  const givenNewChecks = [...rechecks.landmarks.values()];
  const changedShards = new Set([...touched.keys(), ...givenNewChecks.filter((again) => again.digestChanged).map((again) => again.landmark.slug)].map(shardOfSlug));
  // A shard whose landmarks' checks alone changed keeps its reports and its landmarks' order: they take their new checks in place.
  const checkedShards = new Set(givenNewChecks.map((again) => shardOfSlug(again.landmark.slug)).filter((index) => !changedShards.has(index)));
  for (const index of checkedShards) {
    const shard = shards[index]!;
    const checkDigests = shard.checkDigests.slice();
    const landmarks = shard.landmarks.map((landmark, position) => {
      const again = rechecks.landmarks.get(landmark.slug);
      if (again) checkDigests.set(again.checkDigest, position * digestBytes);
      return again?.landmark ?? landmark;
    });
    updated[index] = { ...shard, landmarks, checkDigests };
  }
  // Each shard holding a landmark derived again or whose input digest was taken again: what it kept of the others, and what was derived.
  for (const index of changedShards) {
    const shard = shards[index]!;
    const untouched = (slug: string) => !touched.has(slug);
    const here = (slug: string) => shardOfSlug(slug) === index;
    const landmarksNow = inOrder(
      [
        ...paired(shard.landmarks, shard.landmarkDigests).map((entry, index) => ({ ...entry, checkDigest: digestAt(shard.checkDigests, index) })).filter(({ item }) => untouched(item.slug)).map(rechecked),
        ...pairedList(part.landmarks, part.inputDigests!.landmarks).map((entry, index) => ({ ...entry, checkDigest: part.inputDigests!.checks.at(index) })).filter(({ item }) => here(item.slug)),
      ],
      (landmark) => landmark.slug,
    );
    const reportsNow = inOrder(
      [
        ...paired(shard.reports, shard.reportDigests, shard.evidence, shard.evidenceJson).filter(({ item }) => untouched(item.landmark.slug)),
        ...pairedList(part.reports, part.inputDigests!.reports, part.evidence).filter(({ item }) => here(item.landmark.slug)),
      ],
      (report) => report.id,
    );
    const evidence = (position: number) => reportsNow.entries[position]!.evidence!();
    // As the file read holds it, for a report kept as it was; made from `evidence` for one derived again.
    const evidenceJson = (position: number) => reportsNow.entries[position]!.evidenceJson?.();
    updated[index] = { landmarks: landmarksNow.items, landmarkDigests: landmarksNow.digests, checkDigests: checkDigestsOf(landmarksNow.entries), reports: reportsNow.items, reportDigests: reportsNow.digests, evidence, evidenceJson };
  }
  const order = {
    landmarks: orderAfter(kept.order.landmarks, shards.map((shard) => shard.landmarks), updated.map((shard) => shard.landmarks), changedShards, (landmark) => touched.has(landmark.slug), (landmark) => landmark.slug),
    reports: orderAfter(kept.order.reports, shards.map((shard) => shard.reports), updated.map((shard) => shard.reports), changedShards, (report) => touched.has(report.landmark.slug), (report) => report.id),
  };
  return { ok: true, catalogue: { shards: updated, order, close: kept.close }, changedShards, checkedShards, filesRead: landmarks.length + reports.length + rechecks.filesRead };
}

const reportPath = (slug: string, id: string) => reportFileOf({ id, landmark: { slug } });

/** The landmark kept under this slug (a shard's landmarks are in slug order). */
function keptLandmark(shard: CatalogueShard, slug: string): StoredLandmark | undefined {
  const candidate = shard.landmarks[positionOf(shard.landmarks, slug, (landmark) => landmark.slug)];
  return candidate?.slug === slug ? candidate : undefined;
}

function isRegularFile(file: string): boolean | 'other' {
  try {
    return lstatSync(file).isFile() || 'other';
  } catch {
    return false; // removed
  }
}

/** The kept landmarks and reports that no changed file touches: the rest of the content, for crossCheck. */
function untouchedIn(shards: readonly CatalogueShard[], touched: ReadonlyMap<string, Touched>): Elsewhere {
  return {
    *landmarks() {
      for (const shard of shards) {
        for (const { slug, wikidata } of shard.landmarks) if (!touched.has(slug)) yield { file: landmarkFileOf(slug), slug, wikidata };
      }
    },
    reportWithId(id) {
      for (const shard of shards) {
        // A shard's reports are in id order.
        const report = shard.reports[positionOf(shard.reports, id, (candidate) => candidate.id)];
        if (report?.id === id && !touched.has(report.landmark.slug)) return reportPath(report.landmark.slug, id);
      }
      return undefined;
    },
  };
}

/**
 * The editions of each landmark derived again: from the file when it changed or the landmark's
 * Wikidata id is new, otherwise as kept.
 */
async function popularityOf(landmarks: readonly LandmarkRecord[], touched: ReadonlyMap<string, Touched>, popularityNow: () => Promise<ReadonlyMap<string, number> | undefined>, fileChanged: boolean): Promise<ReadonlyMap<string, number>> {
  const editions = new Map<string, number>();
  for (const { slug, frontmatter } of landmarks) {
    const kept = touched.get(slug)?.kept;
    const known = !fileChanged && kept?.wikidata === frontmatter.wikidata ? kept.wikipediaEditions : (await popularityNow())?.get(frontmatter.wikidata);
    if (known !== null && known !== undefined) editions.set(frontmatter.wikidata, known);
  }
  return editions;
}

/**
 * A record and its input digest (a report's with its evidence, read when asked for, and the
 * evidence's JSON as the kept file holds it), kept together while a shard is put back in order.
 */
interface Paired<T> {
  item: T;
  digest: Uint8Array;
  /** A landmark's checks' digest (InputDigests.checks). */
  checkDigest?: Uint8Array;
  evidence?: () => ReportEvidence;
  evidenceJson?: () => Utf8Bytes | undefined;
}

const digestAt = (digests: Uint8Array, index: number) => digests.subarray(index * digestBytes, (index + 1) * digestBytes);

const paired = <T>(items: readonly T[], digests: Uint8Array, evidence?: ReportEvidenceAt, evidenceJson?: (index: number) => Utf8Bytes | undefined): Paired<T>[] =>
  items.map((item, index) => ({
    item,
    digest: digestAt(digests, index),
    ...(evidence ? { evidence: () => evidence(index) } : {}),
    ...(evidenceJson ? { evidenceJson: () => evidenceJson(index) } : {}),
  }));

const pairedList = <T>(items: readonly T[], digests: DigestList, evidence?: ReportEvidenceAt): Paired<T>[] =>
  items.map((item, index) => ({ item, digest: digests.at(index), ...(evidence ? { evidence: () => evidence(index) } : {}) }));

function inOrder<T>(entries: Paired<T>[], key: (item: T) => string): { items: T[]; digests: Uint8Array; entries: Paired<T>[] } {
  entries.sort((a, b) => (key(a.item) < key(b.item) ? -1 : 1));
  const digests = new Uint8Array(entries.length * digestBytes);
  entries.forEach(({ digest }, index) => digests.set(digest, index * digestBytes));
  return { items: entries.map(({ item }) => item), digests, entries };
}

/** The checks' digests of landmarks' entries (inOrder's), one after another. */
function checkDigestsOf(entries: readonly Paired<StoredLandmark>[]): Uint8Array {
  const digests = new Uint8Array(entries.length * digestBytes);
  entries.forEach(({ checkDigest }, index) => digests.set(checkDigest!, index * digestBytes));
  return digests;
}
