import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiDataFiles } from '../../src/api/data-products.ts';
import { emitDataFiles } from '../../src/emit/emit-api-data.ts';
import { buildCatalogue, type CatalogueInput } from '../../src/domain/catalogue.ts';
import { testSiteUrl } from './build.ts';

/**
 * Emits only the API data of a catalogue, with the build's own emitter, for route tests over
 * catalogues too large to render as pages in a test (thousands of landmarks).
 */
export async function emitApiSite(input: CatalogueInput, siteUrl = testSiteUrl): Promise<string> {
  const dist = path.join(await mkdtemp(path.join(tmpdir(), 'lcr-api-')), 'dist');
  await emitDataFiles(apiDataFiles(buildCatalogue(input, siteUrl), 'https://github.com/example/landmarks'), dist);
  return dist;
}
