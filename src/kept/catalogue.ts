import { readFile } from 'node:fs/promises';
import { deserialize, serialize } from 'node:v8';
import { conditionOf, landmarkDetailOf, type Catalogue, type LandmarkOwnFields, type ReportBodies } from '../domain/catalogue.ts';
import { digestBytes, DigestList } from '../domain/input-digests.ts';
import type { CatalogueLandmark, CatalogueReport } from '../schema/api.ts';
import { siteUrls } from '../domain/urls.ts';
import { bucketOf } from '../domain/buckets.ts';
import { noItems } from '../domain/shared-values.ts';
import { sha256Hex } from './digests.ts';
import { codeFingerprint, type SourceLayer } from './fingerprint.ts';
import { keptStore, keptStoreDir, type KeptStore } from './kept-store.ts';
import { reusedBufferReads } from './reused-buffers.ts';

/**
 * The last build's catalogue, kept between builds with the git state of the content it was made
 * from, so that a rebuild after a few edits derives again only the landmarks those edits touch
 * (load/catalogue-update.ts) instead of loading, checking and deriving a million reports.
 *
 * A landmark and its reports are kept together, in one of 32 shards chosen by the landmark's
 * slug: an edit rewrites one shard, not the catalogue. The order file says, for each landmark in
 * slug order and each report in id order, which shard holds it, so the catalogue is put together
 * again without comparing a million ids. A manifest names the git state, the fingerprint of the
 * code and site URL (catalogueFingerprint) and the SHA-256 of each file.
 * A file that does not match is a damaged or half-saved catalogue: the whole of it is ignored and
 * the build derives everything again. It can make a build faster, never different.
 *
 * A shard's file holds only what cannot be derived again: no addresses (made from the site URL and
 * the slug or id), no copies of report fields in a landmark's timeline (the positions of the
 * reports it names), and no report bodies, which stay in the content files (Catalogue.bodies). Deserialising a million reports is most of a rebuild's reading, and every
 * string saved there is one the heap never holds twice: the file is half the size, and the
 * catalogue read back shares its strings as the one the build derived does.
 */

/** A part of the catalogue: some landmarks by slug and all of their reports by id, each with its input digest. */
export interface CatalogueShard {
  landmarks: CatalogueLandmark[];
  /** `digestBytes` per landmark, in the same order. */
  landmarkDigests: Uint8Array;
  reports: CatalogueReport[];
  reportDigests: Uint8Array;
}

/** For each landmark in slug order and each report in id order, the index of the shard holding it. */
export interface CatalogueOrder {
  landmarks: Uint8Array;
  reports: Uint8Array;
}

export interface KeptCatalogue {
  shards: CatalogueShard[];
  order: CatalogueOrder;
}

/**
 * What the manifest says of the kept files; `State` is the git state of the content they were
 * made from (load/content-changes.ts), kept as it is given.
 */
export interface Manifest<State = unknown> {
  state: State;
  /** SHA-256 of each shard's file, in hex. */
  shards: string[];
  /** SHA-256 of the order file, in hex. */
  order: string;
}

const formatVersion = 6;
/** At most 256: the order names a shard in a byte. */
const catalogueShardCount = 32;

/** The layers whose code derives the kept catalogue (test/structure/layers.test.ts checks they import no other). */
export const catalogueCodeLayers = ['schema', 'domain', 'kept', 'load'] as const satisfies readonly SourceLayer[];

/**
 * Everything besides the content that shapes the kept catalogue: the code that reads content and
 * derives the model (src/schema, domain, kept and load: the layers test keeps them from importing
 * the API's read side, the output formats or the build), the locked dependency versions, the
 * runtime and the site URL. A change to a format, an operation or the build keeps the catalogue.
 */
export function catalogueFingerprint(siteUrl: string): string {
  return codeFingerprint(catalogueCodeLayers, [`catalogue ${formatVersion}`, siteUrl, JSON.stringify(process.versions)]);
}

/** Where the build keeps the catalogue of a content tree. */
export const keptCatalogueDir = (root: string): string => keptStoreDir(root, 'built-catalogue');

const shardName = (index: number) => `shard-${index}.bin`;
const orderName = 'order.bin';
const storeOf = (dir: string, fingerprint: string): KeptStore => keptStore(dir, { format: formatVersion, fingerprint });

/** The shard a landmark is kept in. */
export const shardOfSlug = (slug: string): number => bucketOf(slug, catalogueShardCount);

/** The catalogue cut into shards, and the order to put it together again; it must carry input digests. */
export function splitCatalogue(catalogue: Catalogue): KeptCatalogue {
  const { inputDigests } = catalogue;
  if (!inputDigests) throw new Error('expected a catalogue with input digests to keep');
  const order = {
    landmarks: Uint8Array.from(catalogue.landmarks, (landmark) => shardOfSlug(landmark.slug)),
    reports: Uint8Array.from(catalogue.reports, (report) => shardOfSlug(report.landmark.slug)),
  };
  const parts = Array.from({ length: catalogueShardCount }, () => ({ landmarks: [] as number[], reports: [] as number[] }));
  order.landmarks.forEach((shard, index) => parts[shard]!.landmarks.push(index));
  order.reports.forEach((shard, index) => parts[shard]!.reports.push(index));
  const digestsAt = (list: DigestList, indexes: number[]) => {
    const bytes = new Uint8Array(indexes.length * digestBytes);
    indexes.forEach((index, position) => bytes.set(list.at(index), position * digestBytes));
    return bytes;
  };
  const shards = parts.map(({ landmarks, reports }) => ({
    landmarks: landmarks.map((index) => catalogue.landmarks[index]!),
    landmarkDigests: digestsAt(inputDigests.landmarks, landmarks),
    reports: reports.map((index) => catalogue.reports[index]!),
    reportDigests: digestsAt(inputDigests.reports, reports),
  }));
  return { shards, order };
}

/** The catalogue the shards hold together: landmarks by slug and reports by id, as the loader orders them; bodies are read from `bodies`. */
export function joinShards({ shards, order }: KeptCatalogue, siteUrl: string, bodies: ReportBodies): Catalogue {
  const landmarks = interleave(shards.map((shard) => ({ items: shard.landmarks, digests: shard.landmarkDigests })), order.landmarks);
  const reports = interleave(shards.map((shard) => ({ items: shard.reports, digests: shard.reportDigests })), order.reports);
  return { landmarks: landmarks.items, reports: reports.items, bodies, siteUrl, inputDigests: { landmarks: landmarks.digests, reports: reports.digests } };
}

/** Each run's items and digests taken in turn as `order` names the runs. */
function interleave<T>(runs: readonly { items: readonly T[]; digests: Uint8Array }[], order: Uint8Array): { items: T[]; digests: DigestList } {
  const items: T[] = new Array(order.length);
  const digests = new DigestList(order.length);
  const next = new Uint32Array(runs.length);
  order.forEach((run, index) => {
    const position = next[run]!++;
    items[index] = runs[run]!.items[position]!;
    digests.push(runs[run]!.digests.subarray(position * digestBytes, (position + 1) * digestBytes));
  });
  return { items, digests };
}

/**
 * The order of one kind of record after an update that changed the shards in `changed`, given
 * the shards before and after it, sorted by `key`. A record derived again takes the place its key
 * gives it among all the records, found by halving in each shard; the others keep their order, and
 * the removed ones (`isDerived` records of before) leave theirs. Only the changed shards' records
 * are looked at: visiting a million records spread over the heap took 0.4 s.
 */
export function orderAfter<T>(
  order: Uint8Array,
  before: readonly (readonly T[])[],
  after: readonly (readonly T[])[],
  changed: ReadonlySet<number>,
  isDerived: (item: T) => boolean,
  key: (item: T) => string,
): Uint8Array {
  const result = new Uint8Array(after.reduce((sum, run) => sum + run.length, 0));
  const placed = new Uint8Array(result.length);
  const removedAt = new Map<number, Uint8Array>();
  for (const run of changed) {
    removedAt.set(run, Uint8Array.from(before[run]!, (item) => (isDerived(item) ? 1 : 0)));
    for (const item of after[run]!) {
      if (!isDerived(item)) continue;
      const itemKey = key(item);
      const position = after.reduce((sum, other) => sum + positionOf(other, itemKey, key), 0);
      result[position] = run;
      placed[position] = 1;
    }
  }
  const next = new Uint32Array(before.length);
  let free = 0;
  for (const run of order) {
    const rank = next[run]!++;
    if (removedAt.get(run)?.[rank] === 1) continue;
    while (placed[free] === 1) free++;
    result[free++] = run;
  }
  return result;
}

/** Where `value` is, or would go, among items sorted by `key`: how many have a key below it, found by halving. */
export function positionOf<T>(items: readonly T[], value: string, key: (item: T) => string): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (key(items[middle]!) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A report's own fields whose values repeat across reports: days, times, conditions (and, in its sources and confirmations, kinds, publishers and days). */
type RepeatedField = 'condition' | 'observedAt' | 'lastConfirmedAt' | 'from' | 'currentUntil' | 'updatedAt' | 'until' | 'untilKind';
type Numbered<T, Keys extends keyof T> = Omit<T, Keys> & { [Key in Keys]: null extends T[Key] ? number | null : number };
type Item<List> = List extends readonly (infer T)[] ? T : never;

/**
 * A report as its shard's file holds it: its landmark's reference without its address, and each
 * repeated string as its index in the shard's `strings`. Deserialised, an index is a small integer
 * stored in the report itself, where a string is an object of its own: a million reports brought
 * ten million copies of a few thousand strings, for the collector to copy and then to drop once
 * the catalogue had taken one of each (3.4 s of a one-report rebuild's 40 s read at 1M).
 */
type KeptReport = Numbered<Omit<CatalogueReport, 'landmark' | 'source' | 'confirmations' | 'additionalSources'>, RepeatedField> & {
  landmark: { slug: string; name: string; url: undefined };
  source: Numbered<CatalogueReport['source'], 'kind' | 'name'>;
  confirmations: Numbered<Item<CatalogueReport['confirmations']>, 'date'>[];
  additionalSources: Numbered<Item<CatalogueReport['additionalSources']>, 'name'>[];
};

/** A landmark as its shard's file holds it: its own fields, its reports, and where in them its timeline's conditions come from. */
type KeptLandmark = LandmarkOwnFields & { reports: KeptReport[]; timeline: Uint32Array };

export interface ShardFile {
  /** Each repeated string of the shard's reports once; the reports hold their indexes. */
  strings: string[];
  landmarks: KeptLandmark[];
  landmarkDigests: Uint8Array;
  reports: KeptReport[];
  reportDigests: Uint8Array;
}

/**
 * The shard as its file holds it. Keys keep their places (an address left out is undefined, a
 * string replaced by its index stays where it was), so that the records read back write the same
 * JSON as the ones kept.
 */
export function shardFileOf(shard: CatalogueShard): ShardFile {
  const strings: string[] = [];
  const indexes = new Map<string, number>();
  const indexOf = (text: string): number => {
    let index = indexes.get(text);
    if (index === undefined) indexes.set(text, (index = strings.push(text) - 1));
    return index;
  };
  const indexOrNull = (text: string | null) => (text === null ? null : indexOf(text));
  const references = new Map<CatalogueReport['landmark'], KeptReport['landmark']>();
  const reports = new Map<CatalogueReport, KeptReport>();
  const keptReport = (report: CatalogueReport): KeptReport => {
    let kept = reports.get(report);
    if (!kept) {
      let landmark = references.get(report.landmark);
      if (!landmark) references.set(report.landmark, (landmark = { ...report.landmark, url: undefined }));
      kept = {
        ...report,
        landmark,
        condition: indexOf(report.condition),
        observedAt: indexOf(report.observedAt),
        lastConfirmedAt: indexOf(report.lastConfirmedAt),
        from: indexOf(report.from),
        currentUntil: indexOf(report.currentUntil),
        confirmations: report.confirmations.map((confirmation) => ({ ...confirmation, date: indexOf(confirmation.date) })),
        until: indexOrNull(report.until),
        untilKind: indexOrNull(report.untilKind),
        source: { ...report.source, kind: indexOf(report.source.kind), name: indexOrNull(report.source.name) },
        additionalSources: report.additionalSources.map((citation) => ({ ...citation, name: indexOf(citation.name) })),
        updatedAt: indexOf(report.updatedAt),
      };
      reports.set(report, kept);
    }
    return kept;
  };
  const landmarks = shard.landmarks.map((landmark): KeptLandmark => {
    const { urls: _urls, currentCondition: _current, reportCount: _count, reportDays: _days, conditionTimeline, reports: own, ...fields } = landmark;
    const positions = new Map(own.map((report, position) => [report.id, position]));
    return { ...fields, reports: own.map(keptReport), timeline: Uint32Array.from(conditionTimeline, (condition) => positions.get(condition.reportId)!) };
  });
  const keptReports = shard.reports.map(keptReport);
  return { strings, landmarks, landmarkDigests: shard.landmarkDigests, reports: keptReports, reportDigests: shard.reportDigests };
}

/** The shard a file holds, with everything left out derived again as buildCatalogue derives it. */
export function shardOfFile(file: ShardFile, siteUrl: string): CatalogueShard {
  const urls = siteUrls(siteUrl);
  const { strings } = file;
  const text = (index: number) => strings[index]!;
  const textOrNull = (index: number | null) => (index === null ? null : strings[index]!);
  // Each index replaced, in place, by the shard's one copy of its string.
  for (const kept of file.reports) {
    const report = kept as unknown as CatalogueReport;
    report.condition = text(kept.condition) as CatalogueReport['condition'];
    report.observedAt = text(kept.observedAt);
    report.lastConfirmedAt = text(kept.lastConfirmedAt);
    report.from = text(kept.from);
    report.currentUntil = text(kept.currentUntil);
    report.updatedAt = text(kept.updatedAt);
    report.until = textOrNull(kept.until);
    report.untilKind = textOrNull(kept.untilKind) as CatalogueReport['untilKind'];
    const source = report.source as unknown as KeptReport['source'];
    report.source.kind = text(source.kind) as CatalogueReport['source']['kind'];
    report.source.name = textOrNull(source.name);
    if (kept.confirmations.length === 0) report.confirmations = noItems;
    else for (const confirmation of kept.confirmations) (confirmation as unknown as Item<CatalogueReport['confirmations']>).date = text(confirmation.date);
    if (kept.additionalSources.length === 0) report.additionalSources = noItems;
    else for (const citation of kept.additionalSources) (citation as unknown as Item<CatalogueReport['additionalSources']>).name = text(citation.name);
    // Reports share their landmark's reference: each is completed once.
    report.landmark.url ??= urls.landmarkPage(report.landmark.slug);
  }
  const reports = file.reports as unknown as CatalogueReport[];
  const landmarks = file.landmarks.map((landmark) => {
    const own = landmark.reports as unknown as CatalogueReport[];
    return landmarkDetailOf(landmark, own, Array.from(landmark.timeline, (position) => conditionOf(own[position]!)), urls);
  });
  // Copies: deserialised typed arrays are views into the file's bytes, which they would keep alive,
  // all 448 MB of a million reports' shards, until the rebuild has joined them (measured at 800 MB
  // of array buffers when the shards were read).
  return { landmarks, landmarkDigests: file.landmarkDigests.slice(), reports, reportDigests: file.reportDigests.slice() };
}

/** The manifest of the kept catalogue, when there is one made by code with this fingerprint. */
export async function readKeptManifest<State>(dir: string, fingerprint: string): Promise<Manifest<State> | undefined> {
  const manifest = await storeOf(dir, fingerprint).readManifest<Manifest<State>>();
  // None kept yet, from other code, damaged, or of another shard count: derived again.
  return manifest?.shards.length === catalogueShardCount ? manifest : undefined;
}

/**
 * The shards and order the manifest names; undefined when any file is missing or not the one it
 * names. Each file is read in Node's thread pool while this thread hashes and deserialises the one
 * before: a rebuild finds the shards on disk rather than in the page cache, and reading them one
 * after another on this thread took 4.1 s of a profiled rebuild at 100k/1M.
 */
export async function readKeptShards(dir: string, manifest: Manifest, siteUrl: string): Promise<KeptCatalogue | undefined> {
  const store = storeOf(dir, '');
  // Two buffers: one shard is read into one while the one before, in the other, is deserialised.
  const read = reusedBufferReads(2);
  const checked = (bytes: Buffer | undefined, expected: string) => (bytes && sha256Hex(bytes) === expected ? bytes : undefined);
  let nextShard = read(store.file(shardName(0)));
  // The order is kept whole (its typed arrays are views into the bytes read): a buffer of its own.
  const orderBytes = checked(await readFile(store.file(orderName)).catch(() => undefined), manifest.order);
  if (!orderBytes) return undefined;
  const order = deserialize(orderBytes) as CatalogueOrder;
  const shards: CatalogueShard[] = [];
  for (let index = 0; index < catalogueShardCount; index++) {
    const shardBytes = await nextShard;
    if (index + 1 < catalogueShardCount) nextShard = read(store.file(shardName(index + 1)));
    const bytes = checked(shardBytes, manifest.shards[index]!);
    if (!bytes) {
      await nextShard; // nothing left reading into a buffer
      return undefined;
    }
    // shardOfFile copies what it keeps of the bytes: the buffer is read into again for the shard after next.
    shards.push(shardOfFile(deserialize(bytes) as ShardFile, siteUrl));
  }
  // The order names each shard as many times as it holds records, or the files are not one save's.
  const counts = (runs: Uint8Array) => {
    const count = new Uint32Array(catalogueShardCount);
    for (const run of runs) count[run]!++;
    return count;
  };
  const [landmarks, reports] = [counts(order.landmarks), counts(order.reports)];
  const agree = shards.every((shard, index) => shard.landmarks.length === landmarks[index] && shard.reports.length === reports[index]);
  return agree ? { shards, order } : undefined;
}

/**
 * Saves the shards (after an update, only those it changed: the others keep the files, and so the
 * digests, the previous manifest names), the order and then the manifest naming the new state.
 * Until the manifest is renamed into place the previous one still names the previous files'
 * digests, so a build stopped in between leaves a catalogue the next build ignores.
 */
export async function keepCatalogue<State>(
  dir: string,
  fingerprint: string,
  state: State,
  { shards, order }: KeptCatalogue,
  update?: { previous: Manifest<State>; changed: ReadonlySet<number> },
): Promise<void> {
  const store = storeOf(dir, fingerprint);
  store.removeAbandoned();
  const kept = async (name: string, bytes: Buffer) => {
    await store.write(name, bytes);
    return sha256Hex(bytes);
  };
  const digests = update ? [...update.previous.shards] : [];
  for (const [index, shard] of shards.entries()) {
    if (update && !update.changed.has(index)) continue;
    digests[index] = await kept(shardName(index), serialize(shardFileOf(shard)));
  }
  const orderDigest = await kept(orderName, serialize(order));
  await store.writeManifest({ state, shards: digests, order: orderDigest } satisfies Manifest<State>);
}
