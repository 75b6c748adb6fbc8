import { readFile } from 'node:fs/promises';
import type { Catalogue } from '../../model/catalogue.ts';

/** The environment variable through which scripts/build.ts hands the validated catalogue to Astro. */
export const catalogueFileVariable = 'LCR_CATALOGUE_FILE';

let cached: Promise<Catalogue> | undefined;

/**
 * The catalogue the pages render. The build validates content once and writes the catalogue to a
 * file, so the pages never read or validate `content/` a second time.
 */
export function pageCatalogue(): Promise<Catalogue> {
  const file = process.env[catalogueFileVariable];
  if (!file) throw new Error(`${catalogueFileVariable} is not set: build the site with "npm run build", not "astro build"`);
  cached ??= readFile(file, 'utf8').then((text) => JSON.parse(text) as Catalogue);
  return cached;
}
