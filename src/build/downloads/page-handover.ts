import { readFile } from 'node:fs/promises';
import type { Datapackage } from './datapackage.ts';

/**
 * The downloads are written before Astro renders the pages, so the download page can show their
 * real sizes and hashes; the build hands it the finished datapackage.json through this variable,
 * as it hands the pages the catalogue.
 */
export const datapackageFileVariable = 'LCR_DATAPACKAGE_FILE';

let cached: Promise<Datapackage> | undefined;

export function pageDatapackage(): Promise<Datapackage> {
  const file = process.env[datapackageFileVariable];
  if (!file) throw new Error(`${datapackageFileVariable} is not set: build the site with "npm run build", not "astro build"`);
  cached ??= readFile(file, 'utf8').then((text) => JSON.parse(text) as Datapackage);
  return cached;
}
