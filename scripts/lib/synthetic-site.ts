// A built site whose API data is a synthetic catalogue: the pages, templates and entry points of a
// real build, with /_data/ replaced by the catalogue's own data, emitted by the build's emitter.
// Load tests and benchmarks use it to exercise the Worker at catalogue sizes whose per-entity
// static pages a test could not afford to render.
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { apiDataFiles, emitApiData } from '../../src/emit/emit-api-data.ts';
import { buildCatalogue, type Catalogue, type CatalogueInput } from '../../src/domain/catalogue.ts';
import { dataPaths } from '../../src/domain/data-paths.ts';
import { openApiAssetPath } from '../../src/domain/entry-points.ts';

export async function replaceApiData(distDir: string, input: CatalogueInput, siteUrl: string): Promise<Catalogue> {
  const catalogue = buildCatalogue(input, siteUrl);
  // The OpenAPI document lives beside the data but describes the API, not the catalogue: it stays.
  const dataDir = path.join(distDir, dataPaths.prefix);
  const kept = path.basename(openApiAssetPath);
  for (const entry of await readdir(dataDir)) {
    if (entry !== kept) await rm(path.join(dataDir, entry), { recursive: true, force: true });
  }
  await emitApiData(apiDataFiles(catalogue, 'https://github.com/example/landmarks'), distDir);
  return catalogue;
}
