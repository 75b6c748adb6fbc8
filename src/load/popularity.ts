import { popularityFile } from '../schema/popularity.ts';
import type { Problem } from './problem.ts';
import { loadYamlDataFile } from './yaml-data-file.ts';

export const popularityPath = 'content/popularity.yaml';

export interface PopularityResult {
  /** Wikidata id -> Wikipedia language editions; empty when the file does not exist yet. */
  sitelinks: Map<string, number>;
  /** The day the file says the counts were read; absent when there is no file. */
  retrievedAt?: string;
  problems: Problem[];
}

/** Reads `content/popularity.yaml`, locating any problem by line like every other content file; with the parse cache's folder, a text read before is not parsed again. */
export async function loadPopularity(root: string, cacheDir?: string): Promise<PopularityResult> {
  const { data, problems } = await loadYamlDataFile(root, popularityPath, popularityFile, cacheDir);
  return { sitelinks: new Map(Object.entries(data?.sitelinks ?? {})), ...(data ? { retrievedAt: data.retrievedAt } : {}), problems };
}
