import type { StoredLandmarkSummary } from '../../schema/api.ts';
import type { DataStore } from '../data-products.ts';

/** Landmark summaries by position in slug order, reading each list chunk involved once, concurrently. */
export async function summariesAt(store: DataStore, indexes: readonly number[]): Promise<StoredLandmarkSummary[]> {
  const { chunkSize } = await store.landmarkListManifest();
  const chunkIndexes = [...new Set(indexes.map((index) => Math.floor(index / chunkSize)))];
  const chunks = new Map(await Promise.all(chunkIndexes.map(async (chunk) => [chunk, await store.landmarkListChunk(chunk)] as const)));
  return indexes.map((index) => chunks.get(Math.floor(index / chunkSize))![index % chunkSize]!);
}
