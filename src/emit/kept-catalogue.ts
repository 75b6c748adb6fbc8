import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { Catalogue } from '../domain/catalogue.ts';
import { digestBytes, DigestList } from '../domain/input-digests.ts';
import type { ContentState } from '../load/content-changes.ts';
import type { StoredLandmarkDetail, StoredReport } from '../schema/api.ts';

/**
 * The last build's catalogue, kept between builds with the git state of the content it was made
 * from, so that a rebuild after a few edits derives again only the landmarks those edits touch
 * (catalogue-update.ts) instead of loading, checking and deriving a million reports.
 *
 * A landmark and its reports are kept together, in one of 32 shards chosen by the landmark's
 * slug: an edit rewrites one shard, not the catalogue. A manifest names the git state, the
 * fingerprint of the code and site URL (buildFingerprint, as for the other kept files) and the
 * SHA-256 of each shard. A shard that does not match is a damaged or half-saved catalogue: the
 * whole of it is ignored and the build derives everything again. It can make a build faster,
 * never different.
 */

/** A part of the catalogue: some landmarks by slug and all of their reports by id, each with its input digest. */
export interface CatalogueShard {
  landmarks: StoredLandmarkDetail[];
  /** `digestBytes` per landmark, in the same order. */
  landmarkDigests: Uint8Array;
  reports: StoredReport[];
  reportDigests: Uint8Array;
}

export interface Manifest {
  format: number;
  fingerprint: string;
  state: ContentState;
  /** SHA-256 of each shard's file, in hex. */
  shards: string[];
}

const formatVersion = 1;
export const catalogueShardCount = 32;

/** Where the build keeps the catalogue of a content tree (git-ignored, beside the other caches). */
export const keptCatalogueDir = (root: string): string => path.join(root, '.cache/built-catalogue');

const manifestFile = (dir: string) => path.join(dir, 'manifest.json');
const shardFile = (dir: string, index: number) => path.join(dir, `shard-${index}.bin`);

/** The shard a landmark is kept in, by a cheap hash of its slug. */
export function shardOfSlug(slug: string): number {
  let hash = 0;
  for (let index = 0; index < slug.length; index++) hash = (hash * 31 + slug.charCodeAt(index)) | 0;
  return (hash >>> 0) % catalogueShardCount;
}

/** The catalogue cut into shards; it must carry input digests. */
export function splitCatalogue(catalogue: Catalogue): CatalogueShard[] {
  const { inputDigests } = catalogue;
  if (!inputDigests) throw new Error('expected a catalogue with input digests to keep');
  const parts = Array.from({ length: catalogueShardCount }, () => ({ landmarks: [] as number[], reports: [] as number[] }));
  catalogue.landmarks.forEach((landmark, index) => parts[shardOfSlug(landmark.slug)]!.landmarks.push(index));
  catalogue.reports.forEach((report, index) => parts[shardOfSlug(report.landmark.slug)]!.reports.push(index));
  const digestsAt = (list: DigestList, indexes: number[]) => {
    const bytes = new Uint8Array(indexes.length * digestBytes);
    indexes.forEach((index, position) => bytes.set(list.at(index), position * digestBytes));
    return bytes;
  };
  return parts.map(({ landmarks, reports }) => ({
    landmarks: landmarks.map((index) => catalogue.landmarks[index]!),
    landmarkDigests: digestsAt(inputDigests.landmarks, landmarks),
    reports: reports.map((index) => catalogue.reports[index]!),
    reportDigests: digestsAt(inputDigests.reports, reports),
  }));
}

/**
 * The catalogue the shards hold together: landmarks by slug and reports by id, as the loader
 * orders them. Each shard is already in order, so they are merged rather than sorted again
 * (sorting a million reports by id took 1.5 s).
 */
export function joinShards(shards: readonly CatalogueShard[], siteUrl: string): Catalogue {
  const landmarks = mergeSorted(shards.map((shard) => ({ items: shard.landmarks, digests: shard.landmarkDigests })), (landmark) => landmark.slug);
  const reports = mergeSorted(shards.map((shard) => ({ items: shard.reports, digests: shard.reportDigests })), (report) => report.id);
  return { landmarks: landmarks.items, reports: reports.items, siteUrl, inputDigests: { landmarks: landmarks.digests, reports: reports.digests } };
}

/** Runs sorted by `key` merged into one, with their digests, through a heap of each run's next item. */
function mergeSorted<T>(runs: readonly { items: readonly T[]; digests: Uint8Array }[], key: (item: T) => string): { items: T[]; digests: DigestList } {
  const total = runs.reduce((sum, run) => sum + run.items.length, 0);
  const items: T[] = new Array(total);
  const digests = new DigestList(total);
  const next = new Uint32Array(runs.length);
  const heads: number[] = runs.flatMap((run, index) => (run.items.length > 0 ? [index] : []));
  const headKey = (run: number) => key(runs[run]!.items[next[run]!]!);
  const below = (a: number, b: number) => headKey(a) < headKey(b);
  const siftDown = (from: number) => {
    for (let at = from; ;) {
      const left = at * 2 + 1;
      const right = left + 1;
      let least = at;
      if (left < heads.length && below(heads[left]!, heads[least]!)) least = left;
      if (right < heads.length && below(heads[right]!, heads[least]!)) least = right;
      if (least === at) return;
      [heads[at], heads[least]] = [heads[least]!, heads[at]!];
      at = least;
    }
  };
  for (let at = Math.floor(heads.length / 2) - 1; at >= 0; at--) siftDown(at);
  for (let filled = 0; filled < total; filled++) {
    const run = heads[0]!;
    const position = next[run]!;
    items[filled] = runs[run]!.items[position]!;
    digests.push(runs[run]!.digests.subarray(position * digestBytes, (position + 1) * digestBytes));
    next[run] = position + 1;
    if (position + 1 === runs[run]!.items.length) {
      // The run is spent: its place at the top goes to the heap's last run.
      heads[0] = heads[heads.length - 1]!;
      heads.pop();
    }
    siftDown(0);
  }
  return { items, digests };
}

/** The manifest of the kept catalogue, when there is one made by code with this fingerprint. */
export async function readKeptManifest(dir: string, fingerprint: string): Promise<Manifest | undefined> {
  try {
    const manifest = JSON.parse(await readFile(manifestFile(dir), 'utf8')) as Partial<Manifest>;
    const whole = manifest.format === formatVersion && manifest.fingerprint === fingerprint && manifest.state && manifest.shards?.length === catalogueShardCount;
    return whole ? (manifest as Manifest) : undefined;
  } catch {
    return undefined; // none kept yet, or not readable: derived again
  }
}

/** The shards the manifest names; undefined when any of them is missing or not the one it names. */
export async function readKeptShards(dir: string, manifest: Manifest): Promise<CatalogueShard[] | undefined> {
  const shards: CatalogueShard[] = [];
  for (const [index, expected] of manifest.shards.entries()) {
    const bytes = await readFile(shardFile(dir, index)).catch(() => undefined);
    if (!bytes || createHash('sha256').update(bytes).digest('hex') !== expected) return undefined;
    shards.push(deserialize(bytes) as CatalogueShard);
  }
  return shards;
}

/**
 * Saves the shards given by index (all when none are named) and then the manifest naming the new
 * state. Until the manifest is renamed into place the previous one still names the previous
 * shards' digests, so a build stopped in between leaves a catalogue the next build ignores.
 */
export async function keepCatalogue(dir: string, fingerprint: string, state: ContentState, shards: readonly CatalogueShard[], changed?: ReadonlySet<number>): Promise<void> {
  await mkdir(dir, { recursive: true });
  // Shards not named keep the file, and so the digest, the previous manifest gives them.
  const previous = changed ? await readKeptManifest(dir, fingerprint) : undefined;
  const digests: string[] = previous ? [...previous.shards] : [];
  for (const [index, shard] of shards.entries()) {
    if (changed && !changed.has(index) && digests[index] !== undefined) continue;
    const bytes = serialize(shard);
    digests[index] = createHash('sha256').update(bytes).digest('hex');
    await writeAtomically(shardFile(dir, index), bytes);
  }
  const manifest: Manifest = { format: formatVersion, fingerprint, state, shards: digests };
  await writeAtomically(manifestFile(dir), JSON.stringify(manifest));
}

async function writeAtomically(file: string, bytes: Uint8Array | string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, file);
}
