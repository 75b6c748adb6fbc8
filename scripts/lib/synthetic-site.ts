// A built site whose API data is a synthetic catalogue: the pages, page templates and entry points
// of a real build, with /_data/ replaced by the catalogue's own data, emitted by the build's
// emitter. Load tests and benchmarks use it to exercise the Worker at catalogue sizes a test could
// not afford to build in full; the Worker renders every landmark and report page from this data.
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { emitDataFiles } from '../../src/emit/emit-api-data.ts';
import { buildCatalogue, type Catalogue, type CatalogueInput } from '../../src/domain/catalogue.ts';
import { apiDataFiles, dataPaths } from '../../src/api/data-products.ts';
import { openApiAssetPath } from '../../src/api/entry-points.ts';

export async function replaceApiData(distDir: string, input: CatalogueInput, siteUrl: string): Promise<Catalogue> {
  const catalogue = buildCatalogue(input, siteUrl);
  // The OpenAPI document and the page templates live beside the data but do not depend on the
  // catalogue: they stay.
  const dataDir = path.join(distDir, dataPaths.prefix);
  const kept = new Set([path.basename(openApiAssetPath), path.basename(path.dirname(dataPaths.pageTemplate('landmark')))]);
  for (const entry of await readdir(dataDir)) {
    if (!kept.has(entry)) await rm(path.join(dataDir, entry), { recursive: true, force: true });
  }
  await emitDataFiles(apiDataFiles(catalogue, 'https://github.com/example/landmarks'), distDir);
  return catalogue;
}
