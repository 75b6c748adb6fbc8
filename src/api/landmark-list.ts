import type { StoredLandmarkSummary } from '../schema/api.ts';
import { slugPattern } from '../schema/landmark-frontmatter.ts';
import { chunkSorted, type ChunkManifest } from './keyset-chunks.ts';

/**
 * The landmark list in slug order, in chunks. Search hits and random picks also read summaries
 * from these chunks by position, so chunks are kept small (data-layout.ts): a hit costs one small file.
 */
export type LandmarkListManifest = ChunkManifest<string>;

export function chunkLandmarkList(summaries: readonly StoredLandmarkSummary[], chunkSize: number) {
  return chunkSorted(summaries, (summary) => summary.slug, chunkSize);
}

export const isSlugPosition = (value: unknown): value is string => typeof value === 'string' && slugPattern.test(value);
