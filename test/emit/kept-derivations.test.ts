import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { syntheticCatalogueInput } from '../../scripts/lib/synthetic-content.ts';
import { apiDataFiles } from '../../src/api/data-products.ts';
import { dataFileText } from '../../src/api/data-products/product.ts';
import { shardKeyOf } from '../../src/api/search/normalize.ts';
import { buildCatalogue, type CatalogueInput } from '../../src/domain/catalogue.ts';
import { emitDataFiles } from '../../src/emit/emit-api-data.ts';
import { keptDerivations } from '../../src/emit/kept-derivations.ts';
import { openOutputStore } from '../../src/kept/output-files.ts';
import { testSiteUrl } from '../support/build.ts';

const repository = 'https://github.com/example/landmarks';

/** One build's API data with the output store and its kept derivations; says which values it had to make. */
async function emitWithStore(storeDir: string, input: CatalogueInput) {
  const store = await openOutputStore(storeDir, 'code v1');
  const made: string[] = [];
  const kept = keptDerivations(store);
  const counting = { ...kept, value: <T>(name: string, madeFrom: Uint8Array, make: () => T) => kept.value(name, madeFrom, () => (made.push(name), make())) };
  const dist = await mkdtemp(path.join(tmpdir(), 'kept-derivations-site-'));
  await emitDataFiles(apiDataFiles(buildCatalogue(input, testSiteUrl), repository, counting), dist, store);
  await store.close();
  const files = await fg('_data/**/*.json', { cwd: dist });
  const contents = Object.fromEntries(await Promise.all(files.map(async (file) => [`/${file}`, await readFile(path.join(dist, file), 'utf8')] as const)));
  return { made, contents };
}

/** The search index's files and the manifest as a build without any store makes them. */
function searchFilesWithoutStore(input: CatalogueInput): Record<string, string> {
  const files = [...apiDataFiles(buildCatalogue(input, testSiteUrl), repository)].filter((file) => file.sitePath.startsWith('/_data/search/') || file.sitePath === '/_data/manifest.json');
  return Object.fromEntries(files.map((file) => [file.sitePath, dataFileText(file)]));
}

const searchFilesOf = (contents: Record<string, string>) =>
  Object.fromEntries(Object.entries(contents).filter(([sitePath]) => sitePath.startsWith('/_data/search/') || sitePath === '/_data/manifest.json'));

describe("the search index's kept derivation", () => {
  it('is reused when only reports changed, made again when a name or a popularity changed, and always the index a build without a store makes', async () => {
    const storeDir = path.join(await mkdtemp(path.join(tmpdir(), 'kept-derivations-')), 'store');
    const input = syntheticCatalogueInput({ landmarks: 60, reports: 300, seed: 8 });
    const first = await emitWithStore(storeDir, input);
    expect(first.made).toEqual(['search shard keys']);
    expect(searchFilesOf(first.contents)).toEqual(searchFilesWithoutStore(input));

    // A report's summary changed: no search reads it.
    const [report, ...others] = [...input.reports];
    input.reports = [{ ...report!, frontmatter: { ...report!.frontmatter, summary: 'Scaffolding now covers the whole front.' } }, ...others];
    const second = await emitWithStore(storeDir, input);
    expect(second.made).toEqual([]);
    expect(searchFilesOf(second.contents)).toEqual(searchFilesWithoutStore(input));

    // A landmark renamed with a word no other name has: a shard of its own, in the files and the manifest.
    input.landmarks[0]!.frontmatter = { ...input.landmarks[0]!.frontmatter, name: 'Zyxwv Observatory' };
    const third = await emitWithStore(storeDir, input);
    expect(third.made).toEqual(['search shard keys']);
    expect(Object.keys(second.contents)).not.toContain(`/_data/search/${shardKeyOf('zyxwv')}.json`);
    expect(Object.keys(third.contents)).toContain(`/_data/search/${shardKeyOf('zyxwv')}.json`);
    expect(searchFilesOf(third.contents)).toEqual(searchFilesWithoutStore(input));

    // A landmark's popularity changed: the index ranks words by it.
    input.popularity = new Map([[input.landmarks[1]!.frontmatter.wikidata!, 250]]);
    const fourth = await emitWithStore(storeDir, input);
    expect(fourth.made).toEqual(['search shard keys']);
    expect(searchFilesOf(fourth.contents)).not.toEqual(searchFilesOf(third.contents));
    expect(searchFilesOf(fourth.contents)).toEqual(searchFilesWithoutStore(input));
  });
});
