import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { catalogueCodeLayers } from '../../src/kept/catalogue.ts';
import { buildCodeLayers } from '../../src/kept/output-files.ts';
import { pagesFiles } from '../../src/emit/kept-pages.ts';
import { parseCacheCodeLayers } from '../../src/kept/parse-cache.ts';
import { projectRoot } from '../support/build.ts';

/**
 * The folders of src/ are layers, lowest first; a layer may import only layers below it (and
 * itself), so arrows point one way and no two folders import each other, directly or round about.
 * The model (domain) knows neither how it is served nor how it is written out; the output formats
 * know the model only; the API's read side knows the formats, because it names the files that
 * carry them (the changes feed's Atom and calendar links, each download's media type in the asset
 * headers), and no format needs an operation, a cursor or a data path.
 * The Worker sits beside emit and site, not above them: it never imports build-time code.
 */
const layers: Record<string, readonly string[]> = {
  schema: [],
  domain: ['schema'],
  formats: ['domain', 'schema'],
  api: ['formats', 'domain', 'schema'],
  kept: ['domain', 'schema'],
  load: ['kept', 'domain', 'schema'],
  emit: ['load', 'kept', 'api', 'formats', 'domain', 'schema'],
  drafts: ['load', 'domain', 'schema'],
  site: ['emit', 'drafts', 'api', 'formats', 'domain', 'schema'],
  worker: ['api', 'formats', 'domain', 'schema'],
  watch: ['drafts', 'load', 'kept', 'domain', 'schema'],
  cli: ['watch', 'emit', 'drafts', 'load', 'kept', 'api', 'formats', 'domain', 'schema'],
};

const importPattern = /(?:^|\s)(?:import|export)\b[^'"`;]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|^\s*import\s+['"](\.[^'"]+)['"]/gm;

describe('the layers of src/', () => {
  it('are exactly the folders the README names', async () => {
    const folders = (await fg('src/*', { cwd: projectRoot, onlyDirectories: true })).map((folder) => path.basename(folder)).sort();
    expect(folders).toEqual(Object.keys(layers).sort());
  });

  it('import only the layers below them', async () => {
    const files = await fg('src/**/*.{ts,astro}', { cwd: projectRoot });
    const wrong: string[] = [];
    for (const file of files) {
      const layer = file.split('/')[1]!;
      const text = await readFile(path.join(projectRoot, file), 'utf8');
      for (const match of text.matchAll(importPattern)) {
        const specifier = match[1] ?? match[2] ?? match[3]!;
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
        const targetLayer = target.split('/')[1]!;
        if (targetLayer !== layer && !layers[layer]!.includes(targetLayer)) wrong.push(`${file} imports ${target} (${layer} -> ${targetLayer})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("the kept stores' fingerprints", () => {
  /** Every layer the code of `covered` may import, directly or round about. */
  const reachableFrom = (covered: readonly string[]): string[] => {
    const reached = new Set(covered);
    for (const layer of reached) for (const below of layers[layer] ?? []) reached.add(below);
    return [...reached].sort();
  };

  it('cover every layer the code of what they keep may import, so no change to it goes unseen', () => {
    expect(reachableFrom(catalogueCodeLayers)).toEqual([...catalogueCodeLayers].sort());
    expect(reachableFrom(buildCodeLayers)).toEqual([...buildCodeLayers].sort());
    expect(reachableFrom(parseCacheCodeLayers)).toEqual([...parseCacheCodeLayers].sort());
    // The kept pages: the build's layers as code, the site's own folders read whole.
    const wholeFolders = pagesFiles.filter((file) => file.startsWith('src/')).map((folder) => folder.slice('src/'.length));
    expect(reachableFrom(['site'])).toEqual([...buildCodeLayers, ...wholeFolders].sort());
  });

  it('leave the output formats, the API and the build out of the kept catalogue, whose code imports none of them', () => {
    expect(catalogueCodeLayers).not.toContain('formats');
    expect(catalogueCodeLayers).not.toContain('api');
    expect(catalogueCodeLayers).not.toContain('emit');
  });
});

describe('the folders of test/', () => {
  it('mirror src/: one per layer, beside the structure checks, helpers and fixtures', async () => {
    const folders = (await fg('test/*', { cwd: projectRoot, onlyDirectories: true })).map((folder) => path.basename(folder)).sort();
    expect(folders).toEqual([...Object.keys(layers), 'fixtures', 'structure', 'support'].sort());
  });
});
