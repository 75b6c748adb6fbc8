import type { StoredLandmarkSummary } from '../schema/api.ts';

/**
 * The landmark list is stored as fixed-size chunks in slug order plus a small manifest of where
 * each chunk starts, so any page at any limit is assembled from a few chunks and a request never
 * loads the whole catalogue.
 */
export interface LandmarkPagesManifest {
  chunkSize: number;
  total: number;
  /** The first slug of every chunk, in order; chunk i is stored as `chunkPath(i)`. */
  firstSlugs: string[];
}

export const landmarkChunkSize = 250;

export function chunkLandmarks(
  landmarks: readonly StoredLandmarkSummary[],
  chunkSize = landmarkChunkSize,
): { manifest: LandmarkPagesManifest; chunks: StoredLandmarkSummary[][] } {
  const chunks: StoredLandmarkSummary[][] = [];
  for (let start = 0; start < landmarks.length; start += chunkSize) chunks.push(landmarks.slice(start, start + chunkSize));
  return {
    manifest: { chunkSize, total: landmarks.length, firstSlugs: chunks.map((chunk) => chunk[0]!.slug) },
    chunks,
  };
}

/** Index of the chunk that holds the first slug after `afterSlug` (or the last chunk's end). */
export function firstChunkAfter(manifest: LandmarkPagesManifest, afterSlug: string | undefined): number {
  if (afterSlug === undefined) return 0;
  // The last chunk whose first slug is <= afterSlug; everything before it is entirely <= afterSlug.
  let low = 0;
  let high = manifest.firstSlugs.length - 1;
  let found = 0;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (manifest.firstSlugs[middle]! <= afterSlug) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

export interface PageRequest {
  limit: number;
  afterSlug: string | undefined;
}

/**
 * Collects one page by reading chunks in order from the right starting chunk; reads one entry past
 * the limit to know whether more follow.
 */
export async function collectPage(
  manifest: LandmarkPagesManifest,
  readChunk: (index: number) => Promise<StoredLandmarkSummary[]>,
  { limit, afterSlug }: PageRequest,
): Promise<{ landmarks: StoredLandmarkSummary[]; hasMore: boolean }> {
  const collected: StoredLandmarkSummary[] = [];
  for (let index = firstChunkAfter(manifest, afterSlug); index < manifest.firstSlugs.length && collected.length <= limit; index++) {
    for (const landmark of await readChunk(index)) {
      if (afterSlug !== undefined && landmark.slug <= afterSlug) continue;
      collected.push(landmark);
      if (collected.length > limit) break;
    }
  }
  return { landmarks: collected.slice(0, limit), hasMore: collected.length > limit };
}
