import { createHash } from 'node:crypto';
import { open, readFile, type FileHandle } from 'node:fs/promises';
import { deserialize, serialize } from 'node:v8';
import { conditionOf, landmarkDetailOf, landmarkReferenceOf, type Catalogue, type LandmarkOwnFields, type ReportBodies, type ReportEvidenceAt } from '../domain/catalogue.ts';
import { digestBytes, DigestList } from '../domain/input-digests.ts';
import { sharedDayCounts, type DayCountPair } from '../domain/shared-values.ts';
import type { Utf8Bytes } from '../domain/json-texts.ts';
import type { CatalogueLandmark, CatalogueReport, ReportEvidence, StoredCurrentCondition, StoredReport, WatchCheck } from '../schema/api.ts';
import { siteUrls, type SiteUrls } from '../domain/urls.ts';
import { rememberReportColumns, reportColumnsOf, type ReportColumns } from '../domain/report-columns.ts';
import { bucketOf } from '../domain/buckets.ts';
import { dayCountsReader, keptDayCounts, type KeptDayCounts } from './kept-day-counts.ts';
import { fileIdentity, fileIdentityOf, sha256Hex } from './digests.ts';
import { codeFingerprint, type SourceLayer } from './fingerprint.ts';
import { keptStore, keptStoreDir, type KeptStore } from './kept-store.ts';
import { CopiesInOneBuffer, ReusedBuffer, reusedBufferReads, type KeptArray } from './reused-buffers.ts';
import { textReader } from './scratch-file.ts';

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
 * Each shard's landmarks' checks (what the watch last found at their sources) are kept in a file
 * of their own beside the shard's (ShardChecks): a run of the watch, every six hours, changes the
 * checks of nearly every watched landmark and nothing else, and with them in the shards' files it
 * saved a million reports again (9 s of a 34 s rebuild at 100k landmarks, 96,875 watched).
 *
 * A shard's file holds only what cannot be derived again: no addresses (made from the site URL and
 * the slug or id), no copies of report fields in a landmark's timeline (the positions of the
 * reports it names), and no report bodies, which stay in the content files (Catalogue.bodies).
 * The one exception is each landmark's day counts, which took most of a second of every rebuild at
 * a million reports to count again (kept-day-counts.ts).
 * Its reports are kept as columns (KeptReports), with each repeated string once: the file is half
 * the size, and the catalogue read back shares its strings as the one the build derived does. Read
 * back, a report and its timeline entry are views of the columns (KeptReport, KeptCondition), not
 * objects holding their fields: a rebuild publishes a few reports again, and the collector marked
 * a million of them through all of it.
 *
 * Each report's evidence (its sources and confirmations) follows the records and texts in the
 * file, as JSON, and is not deserialised with them (nor read, from a file still the one saved): it
 * is read from the file when a file publishing the report is made again, which a rebuild does for
 * a few reports. Deserialised, it was a third of the heap of a
 * million reports read back (418 of 1,186 MB). The file stays open until the build has made its
 * files (KeptCatalogue.close): saving a changed shard replaces the file by renaming another over
 * it, and the one read stays whole for its open descriptor.
 */

/** A part of the catalogue: some landmarks by slug and all of their reports by id, each with its input digest. */
export interface CatalogueShard {
  landmarks: CatalogueLandmark[];
  /** `digestBytes` per landmark, in the same order. */
  landmarkDigests: Uint8Array;
  /** `digestBytes` per landmark, in the same order: its published checks' (InputDigests.checks). */
  checkDigests: Uint8Array;
  reports: CatalogueReport[];
  reportDigests: Uint8Array;
  /** The evidence of each report, by its index in `reports`. */
  evidence: ReportEvidenceAt;
  /**
   * The JSON of each report's evidence as a shard file holds it, when the shard was read from one:
   * a rebuild that saves a shard again copies its unchanged reports' evidence rather than parse it
   * and write it again (JSON.stringify gives back the text JSON.parse read). With a hundred reports
   * changed, every shard is saved again, and that was 4.7 s of the rebuild's thread at a million.
   */
  evidenceJson?: (index: number) => Utf8Bytes | undefined;
  /** The report columns of `reports` (report-columns.ts), when the shard was read from its file; made from the reports otherwise. */
  columns?: ShardColumns;
}

/** What a shard keeps of its reports' columns: they are joined as the reports are. */
type ShardColumns = Omit<ReportColumns, 'inIdOrder'>;

/** For each landmark in slug order and each report in id order, the index of the shard holding it. */
export interface CatalogueOrder {
  landmarks: Uint8Array;
  reports: Uint8Array;
}

export interface KeptCatalogue {
  shards: CatalogueShard[];
  order: CatalogueOrder;
  /** Closes the files the shards read evidence from (see readKeptShards); nothing is read from them afterwards. */
  close(): Promise<void>;
}

/**
 * What the manifest says of the kept files; `State` is the git state of the content they were
 * made from (load/content-changes.ts), kept as it is given.
 */
export interface Manifest<State = unknown> {
  state: State;
  /** SHA-256 of each shard's file, in hex. */
  shards: string[];
  /**
   * Each shard file's identity on disk once saved (fileIdentity in digests.ts), or null: a file
   * that still has it is taken as the one saved without hashing it again (a second of a
   * one-report rebuild at a million reports), as the output store takes the files it wrote.
   */
  identities?: (string | null)[];
  /** SHA-256 of the order file, in hex. */
  order: string;
  /** SHA-256 of each shard's checks file (ShardChecks), in hex. */
  checks: string[];
}

/** What a shard's checks file holds: each of its landmarks' checks and their digests, in the shard's order. */
interface ShardChecks {
  checks: WatchCheck[][];
  checkDigests: Uint8Array;
}

const formatVersion = 13;
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
const checksName = (index: number) => `checks-${index}.bin`;
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
  const shards = parts.map(({ landmarks, reports }) => ({
    landmarks: landmarks.map((index) => catalogue.landmarks[index]!),
    landmarkDigests: inputDigests.landmarks.gathered(landmarks),
    checkDigests: inputDigests.checks.gathered(landmarks),
    reports: reports.map((index) => catalogue.reports[index]!),
    reportDigests: inputDigests.reports.gathered(reports),
    evidence: (index: number) => catalogue.evidence(reports[index]!),
  }));
  return { shards, order, close: async () => {} };
}

/** The catalogue the shards hold together: landmarks by slug and reports by id, as the loader orders them; bodies are read from `bodies`. */
export function joinShards({ shards, order }: KeptCatalogue, siteUrl: string, bodies: ReportBodies): Catalogue {
  const landmarks = interleave(shards.map((shard) => ({ items: shard.landmarks, digests: shard.landmarkDigests })), order.landmarks);
  const reports = interleave(shards.map((shard) => ({ items: shard.reports, digests: shard.reportDigests })), order.reports);
  const evidence: ReportEvidenceAt = (position) => shards[order.reports[position]!]!.evidence(reports.indexes[position]!);
  rememberReportColumns(reports.items, joinedColumns(shards, order.reports, reports.indexes));
  return { landmarks: landmarks.items, reports: reports.items, bodies, evidence, siteUrl, inputDigests: { landmarks: landmarks.digests, reports: reports.digests, checks: interleavedDigests(shards.map((shard) => shard.checkDigests), order.landmarks) } };
}

/**
 * The report columns of the joined reports, from each shard's: a rebuild's passes over every report
 * (its buckets, parts and feed) read them rather than a million records spread over the heap. The
 * joined reports are in id order, as the order file puts them.
 */
function joinedColumns(shards: readonly CatalogueShard[], order: Uint8Array, indexes: Uint32Array): ReportColumns {
  const columns = shards.map((shard) => shard.columns ?? reportColumnsOf(shard.reports));
  const idHashes = new Uint32Array(order.length);
  const updatedTimes = new Float64Array(order.length);
  order.forEach((shard, position) => {
    idHashes[position] = columns[shard]!.idHashes[indexes[position]!]!;
    updatedTimes[position] = columns[shard]!.updatedTimes[indexes[position]!]!;
  });
  const newestObservedAt = columns.reduce((newest, { newestObservedAt }) => (newestObservedAt > newest ? newestObservedAt : newest), '');
  return { idHashes, updatedTimes, inIdOrder: true, newestObservedAt };
}

/** Each run's items and digests taken in turn as `order` names the runs, and each item's index in its run. */
function interleave<T>(runs: readonly { items: readonly T[]; digests: Uint8Array }[], order: Uint8Array): { items: T[]; digests: DigestList; indexes: Uint32Array } {
  const items: T[] = new Array(order.length);
  const indexes = new Uint32Array(order.length);
  const next = new Uint32Array(runs.length);
  order.forEach((run, index) => {
    const position = next[run]!++;
    items[index] = runs[run]!.items[position]!;
    indexes[index] = position;
  });
  return { items, digests: interleavedDigests(runs.map((run) => run.digests), order), indexes };
}

/** Each run's digests taken in turn as `order` names the runs. */
function interleavedDigests(runs: readonly Uint8Array[], order: Uint8Array): DigestList {
  const digests = new DigestList(order.length);
  const next = new Uint32Array(runs.length);
  order.forEach((run) => digests.push(runs[run]!, next[run]!++));
  return digests;
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

/**
 * A shard's reports as its file holds them: a column per field, by the report's index in the
 * shard. Deserialising a million report objects, each with its own strings, was the largest part
 * of a one-report rebuild's reading at 1M (8 s of its 27, much of it the collector's); the columns
 * are typed arrays and a few short lists per shard, with the ids and summaries beside them
 * (ShardTexts), which the reports read back (KeptReport) read their fields from. A repeated value
 * (a day, a time, a condition) is the index of its string in the shard's `strings`, -1 for null:
 * a million reports brought ten million copies of a few thousand strings.
 */
interface KeptReports {
  /** Where each id ends among the shard's texts (ShardTexts), in bytes. */
  idEnds: Uint32Array;
  /** Where each summary ends among the shard's texts, in bytes: they follow the ids. */
  summaryEnds: Uint32Array;
  /** How the texts are written (see writeTexts). */
  textEncoding: TextEncoding;
  /** Each report's landmark, by its index in `landmarkSlugs` and `landmarkNames`. */
  landmark: Uint32Array;
  landmarkSlugs: string[];
  landmarkNames: string[];
  reportExpiryDays: Uint32Array;
  condition: Int32Array;
  observedAt: Int32Array;
  lastConfirmedAt: Int32Array;
  from: Int32Array;
  currentUntil: Int32Array;
  until: Int32Array;
  untilKind: Int32Array;
  supersedes: Int32Array;
  supersededBy: Int32Array;
  updatedAt: Int32Array;
  /** What a rebuild's passes over every report read (report-columns.ts), kept rather than made again. */
  idHashes: Uint32Array;
  updatedTimes: Float64Array;
}

/**
 * What a shard's file holds of its landmarks besides their own fields: each landmark's reports by
 * their index in the shard, and where among them its timeline's conditions come from, all the
 * landmarks' one after another, each ending where `reportEnds` and `timelineEnds` say. Two typed
 * arrays per landmark were 200,000 objects that Node's deserialiser reads one by one, a second
 * of a one-report rebuild at a million reports.
 */
interface KeptLandmarkReports {
  reports: Uint32Array;
  reportEnds: Uint32Array;
  timeline: Uint32Array;
  timelineEnds: Uint32Array;
  /** Each landmark's `reportDays`, its days among the shard's strings. */
  reportDays: { from: KeptDayCounts; currentUntil: KeptDayCounts };
}

export interface ShardFile {
  /** Each repeated string of the shard's reports once; the reports' columns hold their indexes. */
  strings: string[];
  /** Their checks are kept apart (ShardChecks). */
  landmarks: Omit<LandmarkOwnFields, 'watchChecks'>[];
  landmarkReports: KeptLandmarkReports;
  landmarkDigests: Uint8Array;
  reports: KeptReports;
  reportDigests: Uint8Array;
  /** Where each report's evidence ends, in bytes after the texts (see shardFilePieces). */
  evidenceEnds: Uint32Array;
}

/**
 * Every report id of a shard, then every summary, one after another (the ends are the record's:
 * KeptReports): the bytes between a shard file's record and its evidence. As two strings of the
 * record, they were 130 MB of the heap of a million reports read back, each page of it a page
 * fault when first touched (about 20 us on the machine measured), and a second of a one-report
 * rebuild's reading. Read back, they stay bytes outside the heap, and an id or a summary is
 * decoded when asked for: a one-report rebuild asks for about 300,000 ids and 100,000 summaries,
 * most of them for the shard it saves again.
 */
type ShardTexts = Buffer;

/** 'utf16le' writes any string as it is; UTF-8 cannot hold half a surrogate pair. */
type TextEncoding = 'utf8' | 'utf16le';

/**
 * Whether `text` holds no half of a surrogate pair without its other half, which a YAML escape
 * ("\uD800") can give a summary (String.prototype.isWellFormed, Node 20 on: a seventh of the time
 * of a regular expression over a million summaries, which TypeScript's ES2023 library does not name).
 */
const wellFormed = (text: string): boolean => (text as string & { isWellFormed(): boolean }).isWellFormed();

/**
 * A shard's texts (ShardTexts) written into a buffer reused from shard to shard, and where each
 * ends: as UTF-8, unless a text holds a lone surrogate, which only UTF-16 keeps (twice the bytes
 * for the usual text, so only then).
 */
function writeTexts(reports: readonly CatalogueReport[], buffer: ReusedBuffer): { idEnds: Uint32Array; summaryEnds: Uint32Array; textEncoding: TextEncoding; bytes: Uint8Array } {
  buffer.empty();
  const textEncoding: TextEncoding = reports.every((report) => wellFormed(report.id) && wellFormed(report.summary)) ? 'utf8' : 'utf16le';
  const idEnds = new Uint32Array(reports.length);
  const summaryEnds = new Uint32Array(reports.length);
  reports.forEach((report, index) => (idEnds[index] = buffer.write(report.id, textEncoding, index, 2 * reports.length)));
  reports.forEach((report, index) => (summaryEnds[index] = buffer.write(report.summary, textEncoding, reports.length + index, 2 * reports.length)));
  return { idEnds, summaryEnds, textEncoding, bytes: buffer.bytes() };
}

/**
 * The bytes of a shard's file, in the pieces to write one after another: the lengths of its record
 * and of its texts (4 bytes each, little-endian), the record (shardFileOf, serialised), the texts
 * (ShardTexts), then each report's evidence as JSON, in the order of its reports. The texts and
 * the evidence are written into `buffers`, reused from shard to shard: written over when the next
 * shard's pieces are made.
 */
export function shardFilePieces(shard: CatalogueShard, buffers = shardBuffers()): { pieces: Uint8Array[]; evidence: EvidencePlaces } {
  const texts = writeTexts(shard.reports, buffers.texts);
  const evidence = writeEvidence(shard, buffers.evidence);
  const record = serialize(shardFileOf(shard, texts, evidence.ends));
  const lengths = Buffer.alloc(lengthsBytes);
  lengths.writeUInt32LE(record.length, 0);
  lengths.writeUInt32LE(texts.bytes.byteLength, 4);
  return { pieces: [lengths, record, texts.bytes, evidence.bytes], evidence: { start: lengthsBytes + record.length + texts.bytes.byteLength, ends: evidence.ends } };
}

/** The bytes of a shard's checks file (ShardChecks). */
export const shardChecksBytes = (shard: CatalogueShard): Uint8Array => serialize({ checks: shard.landmarks.map((landmark) => landmark.watchChecks), checkDigests: shard.checkDigests } satisfies ShardChecks);

/** The checks a shard's checks file holds; its digests copied, not a view keeping the file's bytes. */
function shardChecksOf(bytes: Uint8Array): ShardChecks {
  const { checks, checkDigests } = deserialize(bytes) as ShardChecks;
  if (!Array.isArray(checks) || !(checkDigests instanceof Uint8Array) || checkDigests.length !== checks.length * digestBytes) throw new Error('a kept shard’s checks are not whole');
  return { checks, checkDigests: checkDigests.slice() };
}

/** The buffers shardFilePieces writes a shard's texts and evidence into, reused from shard to shard. */
const shardBuffers = (): { texts: ReusedBuffer; evidence: ReusedBuffer } => ({ texts: new ReusedBuffer(), evidence: new ReusedBuffer() });

/** Where a shard file's evidence lies: from `start`, each report's ending at `ends` after it. */
interface EvidencePlaces {
  start: number;
  ends: Uint32Array;
}

/** Where a report's evidence lies in a shard file: from and to, in bytes. */
const evidenceSpan = ({ start, ends }: EvidencePlaces, index: number): [number, number] => [start + (index === 0 ? 0 : ends[index - 1]!), start + ends[index]!];

/** A shard's evidence by report index, each read from its file by `readText(start, length)`. */
function evidenceIn(places: EvidencePlaces, readText: (start: number, length: number) => string): ReportEvidenceAt {
  return (index) => {
    const [from, to] = evidenceSpan(places, index);
    return JSON.parse(readText(from, to - from)) as ReportEvidence;
  };
}

/**
 * Each report's evidence of a shard as JSON, one after another in `buffer`, and where each ends.
 * A shard read from its file gives the JSON it holds, copied as it is (evidenceJson).
 */
function writeEvidence(shard: CatalogueShard, buffer: ReusedBuffer): { ends: Uint32Array; bytes: Uint8Array } {
  buffer.empty();
  const ends = new Uint32Array(shard.reports.length);
  for (let index = 0; index < ends.length; index++) {
    const kept = shard.evidenceJson?.(index);
    ends[index] = kept === undefined ? buffer.write(JSON.stringify(shard.evidence(index)), 'utf8', index, ends.length) : buffer.write(kept, 'latin1', index, ends.length);
  }
  return { ends, bytes: buffer.bytes() };
}

const lengthsBytes = 8;

/**
 * How many bytes of a shard file come before its evidence, from its first `lengthsBytes`: all
 * that shardOfBytes needs, the evidence being read from the file when asked for.
 */
const bytesBeforeEvidence = (lengths: Buffer): number => lengthsBytes + lengths.readUInt32LE(0) + lengths.readUInt32LE(4);

/**
 * The shard a file's bytes hold (shardFilePieces), with everything left out derived again as
 * buildCatalogue derives it. A report's evidence is read when asked for, by `readEvidence` from
 * the file's bytes at `start`: decoded from UTF-8 to be parsed, or as the bytes themselves (one
 * character per byte, 'latin1') to be copied into the shard's next file. The shard's texts are
 * kept as the copies `copies` makes of them, as are its columns: the bytes may be read into again.
 */
export function shardOfBytes(
  bytes: Buffer,
  checksBytes: Uint8Array,
  siteUrl: string,
  readEvidence: (start: number, length: number, encoding: 'utf8' | 'latin1') => string,
  { dayCountPair = sharedDayCounts(), copies = new CopiesInOneBuffer(0) }: { dayCountPair?: DayCountPair; copies?: CopiesInOneBuffer } = {},
): CatalogueShard {
  const recordEnd = lengthsBytes + bytes.readUInt32LE(0);
  const textsEnd = bytesBeforeEvidence(bytes);
  const file = deserialize(bytes.subarray(lengthsBytes, recordEnd)) as ShardFile;
  const { idEnds, summaryEnds } = file.reports;
  if (idEnds.length !== summaryEnds.length || textsEnd !== recordEnd + (summaryEnds[summaryEnds.length - 1] ?? 0) || textsEnd > bytes.byteLength) throw new Error('a kept shard’s texts are not where its record says');
  const texts = copies.bytes(bytes.subarray(recordEnd, textsEnd));
  // A copy, as for the columns and digests: the bytes are read into again for the shard after next.
  const places = { start: textsEnd, ends: copies.typed(file.evidenceEnds) };
  const evidenceJson = (index: number) => {
    const [from, to] = evidenceSpan(places, index);
    return readEvidence(from, to - from, 'latin1') as Utf8Bytes;
  };
  return { ...shardOfFile(file, shardChecksOf(checksBytes), texts, siteUrl, evidenceIn(places, (start, length) => readEvidence(start, length, 'utf8')), dayCountPair, copies), evidenceJson };
}

/** The shard as its file holds it (see KeptReports); the shard is left as it was. */
function shardFileOf(shard: CatalogueShard, texts: Pick<KeptReports, 'idEnds' | 'summaryEnds' | 'textEncoding'>, evidenceEnds: Uint32Array): ShardFile {
  const strings: string[] = [];
  const indexes = new Map<string, number>();
  const indexOf = (text: string | null): number => {
    if (text === null) return -1;
    let index = indexes.get(text);
    if (index === undefined) indexes.set(text, (index = strings.push(text) - 1));
    return index;
  };
  const { reports } = shard;
  const column = () => new Int32Array(reports.length);
  const repeated = {
    condition: column(),
    observedAt: column(),
    lastConfirmedAt: column(),
    from: column(),
    currentUntil: column(),
    until: column(),
    untilKind: column(),
    supersedes: column(),
    supersededBy: column(),
    updatedAt: column(),
  };
  const fields = Object.keys(repeated) as (keyof typeof repeated)[];
  const landmark = new Uint32Array(reports.length);
  const landmarkSlugs: string[] = [];
  const landmarkNames: string[] = [];
  const references = new Map<string, number>();
  const reportExpiryDays = new Uint32Array(reports.length);
  const positions = new Map<CatalogueReport, number>();
  reports.forEach((report, index) => {
    positions.set(report, index);
    let reference = references.get(report.landmark.slug);
    if (reference === undefined) {
      references.set(report.landmark.slug, (reference = landmarkSlugs.push(report.landmark.slug) - 1));
      landmarkNames.push(report.landmark.name);
    }
    landmark[index] = reference;
    reportExpiryDays[index] = report.reportExpiryDays;
    for (const field of fields) repeated[field][index] = indexOf(report[field]);
  });
  const { idHashes, updatedTimes } = reportColumnsOf(reports);
  const keptReports: KeptReports = {
    idEnds: texts.idEnds,
    summaryEnds: texts.summaryEnds,
    textEncoding: texts.textEncoding,
    landmark,
    landmarkSlugs,
    landmarkNames,
    reportExpiryDays,
    ...repeated,
    idHashes,
    updatedTimes,
  };
  const positionOfReport = (report: CatalogueReport) => {
    const position = positions.get(report);
    if (position === undefined) throw new Error(`the landmark ${report.landmark.slug} lists the report ${report.id}, which its shard does not hold`);
    return position;
  };
  const landmarkReports: KeptLandmarkReports = {
    reports: new Uint32Array(shard.landmarks.reduce((sum, landmark) => sum + landmark.reports.length, 0)),
    reportEnds: new Uint32Array(shard.landmarks.length),
    timeline: new Uint32Array(shard.landmarks.reduce((sum, landmark) => sum + landmark.conditionTimeline.length, 0)),
    timelineEnds: new Uint32Array(shard.landmarks.length),
    reportDays: {
      from: keptDayCounts(shard.landmarks.map((landmark) => landmark.reportDays.from), indexOf),
      currentUntil: keptDayCounts(shard.landmarks.map((landmark) => landmark.reportDays.currentUntil), indexOf),
    },
  };
  let [reportEnd, timelineEnd] = [0, 0];
  const landmarks = shard.landmarks.map((landmark, index): Omit<LandmarkOwnFields, 'watchChecks'> => {
    const { urls: _urls, currentCondition: _current, reportCount: _count, reportDays: _days, conditionTimeline, reports: own, watchChecks: _checks, ...fields } = landmark;
    const ownPositions = new Map(own.map((report, position) => [report.id, position]));
    for (const report of own) landmarkReports.reports[reportEnd++] = positionOfReport(report);
    for (const condition of conditionTimeline) landmarkReports.timeline[timelineEnd++] = ownPositions.get(condition.reportId)!;
    landmarkReports.reportEnds[index] = reportEnd;
    landmarkReports.timelineEnds[index] = timelineEnd;
    return fields;
  });
  return { strings, landmarks, landmarkReports, landmarkDigests: shard.landmarkDigests, reports: keptReports, reportDigests: shard.reportDigests, evidenceEnds };
}

/**
 * A shard's report columns as its file holds them (typed arrays copied: deserialised, they are
 * views into the file's bytes, which are read into again for the shard after next), with its
 * texts and each report's landmark reference: what a KeptReport and a KeptCondition read their
 * fields from.
 */
class ReadColumns {
  readonly kept: KeptReports;
  readonly texts: ShardTexts;
  readonly strings: readonly string[];
  readonly references: StoredReport['landmark'][];
  constructor(kept: KeptReports, texts: ShardTexts, strings: readonly string[], urls: SiteUrls, copies: CopiesInOneBuffer) {
    const owned = { ...kept };
    for (const [key, value] of Object.entries(kept)) if (ArrayBuffer.isView(value)) (owned as Record<string, unknown>)[key] = copies.typed(value as KeptArray);
    this.kept = owned;
    this.texts = texts;
    this.strings = strings;
    // One reference per landmark, shared by its reports, as when derived.
    this.references = kept.landmarkSlugs.map((slug, index) => landmarkReferenceOf(slug, kept.landmarkNames[index]!, urls));
  }
  get count(): number {
    return this.kept.idEnds.length;
  }
  id(index: number): string {
    const ends = this.kept.idEnds;
    return this.texts.toString(this.kept.textEncoding, index === 0 ? 0 : ends[index - 1]!, ends[index]!);
  }
  summary(index: number): string {
    const ends = this.kept.summaryEnds;
    const idsEnd = this.kept.idEnds[this.count - 1]!;
    return this.texts.toString(this.kept.textEncoding, index === 0 ? idsEnd : ends[index - 1]!, ends[index]!);
  }
  /** The string at `at` of a repeated value's column. */
  text(at: number): string {
    return this.strings[at]!;
  }
  textOrNull(at: number): string | null {
    return at === -1 ? null : this.strings[at]!;
  }
}

/**
 * A report read back from its shard's columns, each field read from them when asked for: a rebuild
 * publishes a few reports again, and made a million report objects, with their ids and summaries,
 * that the collector then marked through the rest of the build. Its JSON is buildCatalogue's
 * storeReport's, key for key.
 */
class KeptReport implements CatalogueReport {
  readonly #columns: ReadColumns;
  readonly #index: number;
  constructor(columns: ReadColumns, index: number) {
    this.#columns = columns;
    this.#index = index;
  }
  get id(): string {
    return this.#columns.id(this.#index);
  }
  get landmark(): StoredReport['landmark'] {
    return this.#columns.references[this.#columns.kept.landmark[this.#index]!]!;
  }
  get condition(): CatalogueReport['condition'] {
    return this.#columns.text(this.#columns.kept.condition[this.#index]!) as CatalogueReport['condition'];
  }
  get summary(): string {
    return this.#columns.summary(this.#index);
  }
  get observedAt(): string {
    return this.#columns.text(this.#columns.kept.observedAt[this.#index]!);
  }
  get lastConfirmedAt(): string {
    return this.#columns.text(this.#columns.kept.lastConfirmedAt[this.#index]!);
  }
  get reportExpiryDays(): number {
    return this.#columns.kept.reportExpiryDays[this.#index]!;
  }
  get from(): string {
    return this.#columns.text(this.#columns.kept.from[this.#index]!);
  }
  get currentUntil(): string {
    return this.#columns.text(this.#columns.kept.currentUntil[this.#index]!);
  }
  get until(): string | null {
    return this.#columns.textOrNull(this.#columns.kept.until[this.#index]!);
  }
  get untilKind(): CatalogueReport['untilKind'] {
    return this.#columns.textOrNull(this.#columns.kept.untilKind[this.#index]!) as CatalogueReport['untilKind'];
  }
  get supersedes(): string | null {
    return this.#columns.textOrNull(this.#columns.kept.supersedes[this.#index]!);
  }
  get supersededBy(): string | null {
    return this.#columns.textOrNull(this.#columns.kept.supersededBy[this.#index]!);
  }
  get updatedAt(): string {
    return this.#columns.text(this.#columns.kept.updatedAt[this.#index]!);
  }
  /** The condition this report gives a timeline (conditionOf's), its fields read from this report. */
  asCondition(): StoredCurrentCondition {
    return new KeptCondition(this);
  }
  toJSON(): CatalogueReport {
    const { id, landmark, condition, summary, observedAt, lastConfirmedAt, reportExpiryDays, from, currentUntil, until, untilKind, supersedes, supersededBy, updatedAt } = this;
    return { id, landmark, condition, summary, observedAt, lastConfirmedAt, reportExpiryDays, from, currentUntil, until, untilKind, supersedes, supersededBy, updatedAt };
  }
}

/**
 * A timeline's entry for a kept report, its fields read from the report when asked for: a rebuild
 * at a million reports held as many entries as reports, each with its own copy of the fields. Its
 * JSON is conditionOf's, key for key.
 *
 * Its period is the exception, read once: what the pages show is found by asking every entry of
 * every timeline for its days (dataCurrencyOn, the world map's markers), and with each read going
 * through the report's columns that took 1.6 s of a profiled one-report rebuild at a million
 * reports, 1.0 s with them held. The strings are the shard's own: two references, not two copies.
 */
class KeptCondition implements StoredCurrentCondition {
  readonly #report: KeptReport;
  readonly #from: string;
  readonly #currentUntil: string;
  constructor(report: KeptReport) {
    this.#report = report;
    this.#from = report.from;
    this.#currentUntil = report.currentUntil;
  }
  get condition(): StoredCurrentCondition['condition'] {
    return this.#report.condition;
  }
  get reportId(): string {
    return this.#report.id;
  }
  get summary(): string {
    return this.#report.summary;
  }
  get observedAt(): string {
    return this.#report.observedAt;
  }
  get lastConfirmedAt(): string {
    return this.#report.lastConfirmedAt;
  }
  get reportExpiryDays(): number {
    return this.#report.reportExpiryDays;
  }
  get from(): string {
    return this.#from;
  }
  get currentUntil(): string {
    return this.#currentUntil;
  }
  get until(): string | null {
    return this.#report.until;
  }
  get untilKind(): StoredCurrentCondition['untilKind'] {
    return this.#report.untilKind;
  }
  toJSON(): StoredCurrentCondition {
    return conditionOf(this.#report);
  }
}

/** The reports a file's columns hold (KeptReport). */
function reportsOf(columns: ReadColumns): KeptReport[] {
  const reports: KeptReport[] = new Array(columns.count);
  for (let index = 0; index < reports.length; index++) reports[index] = new KeptReport(columns, index);
  return reports;
}

/** The shard a file's record holds, with everything left out derived again as buildCatalogue derives it. */
function shardOfFile(file: ShardFile, checks: ShardChecks, texts: ShardTexts, siteUrl: string, evidence: ReportEvidenceAt, dayCountPair: DayCountPair, copies: CopiesInOneBuffer): CatalogueShard {
  if (checks.checks.length !== file.landmarks.length) throw new Error('a kept shard’s checks are not of its landmarks');
  const urls = siteUrls(siteUrl);
  const { strings } = file;
  const read = new ReadColumns(file.reports, texts, strings, urls, copies);
  const reports = reportsOf(read);
  const { landmarkReports: kept } = file;
  const dayCounts = dayCountsReader(strings, dayCountPair);
  const landmarks = file.landmarks.map((landmark, at) => {
    // Loops: Array.from with a mapping function over these typed arrays took most of a second of
    // a profiled one-report rebuild at 100k / 1M.
    const [reportStart, timelineStart] = at === 0 ? [0, 0] : [kept.reportEnds[at - 1]!, kept.timelineEnds[at - 1]!];
    const positions = kept.reports.subarray(reportStart, kept.reportEnds[at]!);
    const own: KeptReport[] = new Array(positions.length);
    for (let index = 0; index < own.length; index++) own[index] = reports[positions[index]!]!;
    const timeline: StoredCurrentCondition[] = new Array(kept.timelineEnds[at]! - timelineStart);
    for (let index = 0; index < timeline.length; index++) timeline[index] = own[kept.timeline[timelineStart + index]!]!.asCondition();
    const reportDays = { from: dayCounts(kept.reportDays.from, at), currentUntil: dayCounts(kept.reportDays.currentUntil, at) };
    return landmarkDetailOf({ ...landmark, watchChecks: checks.checks[at]! }, own, timeline, urls, reportDays);
  });
  let newestObservedAt = '';
  for (const index of new Set(file.reports.observedAt)) if (strings[index]! > newestObservedAt) newestObservedAt = strings[index]!;
  // Copies (ReadColumns' of the report columns): deserialised typed arrays are views into the
  // file's bytes, which they would keep alive, all 448 MB of a million reports' shards, until the
  // rebuild has joined them (measured at 800 MB of array buffers when the shards were read).
  const columns = { idHashes: read.kept.idHashes, updatedTimes: read.kept.updatedTimes, newestObservedAt };
  return { landmarks, landmarkDigests: copies.typed(file.landmarkDigests), checkDigests: checks.checkDigests, reports, reportDigests: copies.typed(file.reportDigests), evidence, columns };
}

/** The manifest of the kept catalogue, when there is one made by code with this fingerprint. */
export async function readKeptManifest<State>(dir: string, fingerprint: string): Promise<Manifest<State> | undefined> {
  const manifest = await storeOf(dir, fingerprint).readManifest<Manifest<State>>();
  // None kept yet, from other code, damaged, or of another shard count: derived again.
  return manifest?.shards.length === catalogueShardCount && manifest.checks?.length === catalogueShardCount ? manifest : undefined;
}

/**
 * The shards and order the manifest names; undefined when any file is missing or not the one it
 * names. Each file is read in Node's thread pool while this thread hashes and deserialises the one
 * before: a rebuild finds the shards on disk rather than in the page cache, and reading them one
 * after another on this thread took 4.1 s of a profiled rebuild at 100k/1M.
 */
export async function readKeptShards(dir: string, manifest: Manifest, siteUrl: string): Promise<KeptCatalogue | undefined> {
  const store = storeOf(dir, '');
  // Each shard's file stays open for its evidence, until the build closes the catalogue.
  const handles: FileHandle[] = [];
  const close = async () => {
    await Promise.all(handles.splice(0).map((handle) => handle.close()));
  };
  const bytesBeforeEvidenceIn = async (handle: FileHandle) => {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(lengthsBytes), 0, lengthsBytes, 0);
    return bytesRead === lengthsBytes ? bytesBeforeEvidence(buffer) : undefined;
  };
  const opened = await Promise.all(Array.from({ length: catalogueShardCount }, (_, index) => open(store.file(shardName(index)), 'r').catch(() => undefined)));
  for (const handle of opened) if (handle) handles.push(handle);
  if (opened.includes(undefined)) {
    await close();
    return undefined;
  }
  // Each file's identity, and how much of it comes before its evidence (undefined past its end: not a shard's file).
  const measured = await Promise.all(
    opened.map(async (handle) => {
      const [stats, before] = await Promise.all([handle!.stat({ bigint: true }), bytesBeforeEvidenceIn(handle!)]);
      return { identity: fileIdentity(stats), beforeEvidence: before !== undefined && before <= stats.size ? before : undefined };
    }),
  );
  // What each shard keeps of the bytes it is read from (its texts, columns and digests) lies within
  // its record and texts: copies of all of them fit in one buffer of their sizes.
  const copies = new CopiesInOneBuffer(measured.reduce((sum, { beforeEvidence }) => sum + (beforeEvidence ?? 0), 0));
  // Two buffers: one shard is read into one while the one before, in the other, is deserialised.
  const read = reusedBufferReads(2);
  const readShard = async (index: number) => {
    const handle = opened[index]!;
    // A file still the one saved is taken as it is, and only what comes before its evidence is read
    // (half of the file): the evidence is read from it when asked for. Another is read whole, to be hashed.
    const same = manifest.identities?.[index] === measured[index]!.identity;
    const bytes = await read(handle, same ? measured[index]!.beforeEvidence : undefined);
    return bytes && { bytes, descriptor: handle.fd, unchanged: same };
  };
  const checked = (bytes: Buffer | undefined, expected: string) => (bytes && sha256Hex(bytes) === expected ? bytes : undefined);
  // The checks files (2.4 MB each at 100k watched landmarks) are read as the shards are, each into
  // one of two buffers while the one before is deserialised: read together, each into a buffer of
  // its own, their 32 allocations took 0.8 s of a one-report rebuild at a million reports.
  const readChecks = reusedBufferReads(2);
  const checksOf = async (index: number) => checked(await readChecks(store.file(checksName(index))), manifest.checks[index]!);
  // One reader for every shard's evidence to parse, and one for the evidence copied as it is: a
  // rebuild that saves a shard again reads all of its reports' in turn.
  const readers = { utf8: textReader('utf8'), latin1: textReader('latin1') };
  // Equal day counts shared by the landmarks of every shard.
  const dayCountPair = sharedDayCounts();
  let nextShard = readShard(0);
  let nextChecks = checksOf(0);
  // The order is kept whole (its typed arrays are views into the bytes read): a buffer of its own.
  const orderBytes = checked(await readFile(store.file(orderName)).catch(() => undefined), manifest.order);
  if (!orderBytes) {
    await Promise.all([nextShard, nextChecks]);
    await close();
    return undefined;
  }
  const order = deserialize(orderBytes) as CatalogueOrder;
  const shards: CatalogueShard[] = [];
  for (let index = 0; index < catalogueShardCount; index++) {
    const [shard, checksBytes] = await Promise.all([nextShard, nextChecks]);
    if (index + 1 < catalogueShardCount) [nextShard, nextChecks] = [readShard(index + 1), checksOf(index + 1)];
    const bytes = shard?.unchanged ? shard.bytes : checked(shard?.bytes, manifest.shards[index]!);
    if (!shard || !bytes || !checksBytes) {
      await Promise.all([nextShard, nextChecks]); // nothing left reading into a buffer
      await close();
      return undefined;
    }
    const { descriptor } = shard;
    const read = shardOrNothing(() => shardOfBytes(bytes, checksBytes, siteUrl, (start, length, encoding) => readers[encoding](descriptor, start, length, `the evidence of a report kept in ${shardName(index)}`), { dayCountPair, copies }));
    if (!read) {
      await Promise.all([nextShard, nextChecks]);
      await close();
      return undefined;
    }
    shards.push(read);
  }
  // The order names each shard as many times as it holds records, or the files are not one save's.
  const counts = (runs: Uint8Array) => {
    const count = new Uint32Array(catalogueShardCount);
    for (const run of runs) count[run]!++;
    return count;
  };
  const [landmarks, reports] = [counts(order.landmarks), counts(order.reports)];
  const agree = shards.every((shard, index) => shard.landmarks.length === landmarks[index] && shard.reports.length === reports[index]);
  if (agree) return { shards, order, close };
  await close();
  return undefined;
}

/**
 * The shard `read` gives, or undefined when its bytes are not a shard's: a file whose identity on
 * disk was kept while its bytes changed, which is taken as saved without being hashed. Like any
 * damaged file, it leaves the catalogue to be derived again rather than stop the build.
 */
function shardOrNothing(read: () => CatalogueShard): CatalogueShard | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/**
 * Saves the shards (after an update, only those it changed: the others keep the files, and so the
 * digests, the previous manifest names), their checks (after an update, of the shards it changed
 * and of those whose checks alone changed, `checked`), the order and then the manifest naming the
 * new state; says what it saved of each shard (evidenceOfSaved).
 * Until the manifest is renamed into place the previous one still names the previous files'
 * digests, so a build stopped in between leaves a catalogue the next build ignores.
 */
export async function keepCatalogue<State>(
  dir: string,
  fingerprint: string,
  state: State,
  { shards, order }: KeptCatalogue,
  update?: { previous: Manifest<State>; changed: ReadonlySet<number>; checked?: ReadonlySet<number> },
): Promise<SavedShard[]> {
  const store = storeOf(dir, fingerprint);
  store.removeAbandoned();
  const kept = async (name: string, pieces: readonly Uint8Array[]) => {
    await store.write(name, pieces);
    const hash = createHash('sha256');
    for (const piece of pieces) hash.update(piece);
    return hash.digest('hex');
  };
  const buffers = shardBuffers();
  const saved: SavedShard[] = [];
  const digests = update ? [...update.previous.shards] : [];
  const identities = update ? Array.from(digests, (_, index) => update.previous.identities?.[index] ?? null) : [];
  const checks = update ? [...update.previous.checks] : [];
  for (const [index, shard] of shards.entries()) {
    if (!update || update.changed.has(index) || update.checked?.has(index)) checks[index] = await kept(checksName(index), [shardChecksBytes(shard)]);
    if (update && !update.changed.has(index)) continue;
    const { pieces, evidence } = shardFilePieces(shard, buffers);
    digests[index] = await kept(shardName(index), pieces);
    identities[index] = fileIdentityOf(store.file(shardName(index))) ?? null;
    saved[index] = { evidence, identity: identities[index] };
  }
  const orderDigest = await kept(orderName, [serialize(order)]);
  await store.writeManifest({ state, shards: digests, identities, order: orderDigest, checks } satisfies Manifest<State>);
  return saved;
}

/** A shard file as keepCatalogue saved it: where its evidence lies, and its identity on disk then. */
export interface SavedShard {
  evidence: EvidencePlaces;
  identity: string | null;
}

/**
 * The evidence of a whole catalogue, read from the shard files that keepCatalogue has just saved
 * of it (`saved`, every shard, with the order it saved): the build that derived the catalogue
 * then lets go of its own copy, a third of the heap of a million reports, for the rest of the
 * build. Undefined, with nothing left open, when a file is not the one saved (another build has
 * saved its own since): the build keeps its copy.
 */
export async function evidenceOfSaved(dir: string, saved: readonly SavedShard[], order: CatalogueOrder): Promise<{ evidence: ReportEvidenceAt; close(): Promise<void> } | undefined> {
  const store = storeOf(dir, '');
  const handles: FileHandle[] = [];
  const close = async () => {
    await Promise.all(handles.splice(0).map((handle) => handle.close()));
  };
  const shards: ReportEvidenceAt[] = [];
  for (let index = 0; index < catalogueShardCount; index++) {
    const handle = await open(store.file(shardName(index)), 'r').catch(() => undefined);
    if (handle) handles.push(handle);
    const shard = saved[index];
    if (!handle || !shard || shard.identity === null || fileIdentity(await handle.stat({ bigint: true })) !== shard.identity) {
      await close();
      return undefined;
    }
    // A reader per file: the build asks for the reports in id order, each file's in the order written.
    const readText = textReader('utf8');
    shards.push(evidenceIn(shard.evidence, (start, length) => readText(handle.fd, start, length, `the evidence of a report kept in ${shardName(index)}`)));
  }
  const indexes = new Uint32Array(order.reports.length);
  const next = new Uint32Array(catalogueShardCount);
  order.reports.forEach((shard, position) => (indexes[position] = next[shard]!++));
  return { evidence: (position) => shards[order.reports[position]!]!(indexes[position]!), close };
}
