import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build as astroBuild } from 'astro';
import { loadContent } from '../content/load-content.ts';
import { loadPopularity } from '../content/popularity.ts';
import type { Problem } from '../content/problem.ts';
import { buildCatalogue, type Catalogue } from '../model/catalogue.ts';
import { catalogueFileVariable } from '../pages/_lib/catalogue.ts';
import { emitApiData } from './emit-api-data.ts';

export interface BuildOptions {
  /** The project: Astro pages, config. */
  projectRoot: string;
  /** The folder holding `content/`; the project itself, or a fixture in tests. */
  contentRoot: string;
  /** Where the finished site goes; replaced only when the whole build succeeded. */
  outDir: string;
  /** The site's public origin, from which every canonical URL is built. */
  siteUrl: string;
  now: Date;
}

export type BuildResult = { ok: true; catalogue: Catalogue } | { ok: false; problems: Problem[] };

/**
 * Validates all content, then builds the whole site into a staging folder beside `outDir` and swaps
 * it in at the end: a build with any problem writes nothing, and a failed build leaves the
 * previously published site untouched.
 */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const [{ content, problems }, popularity] = await Promise.all([
    loadContent({ root: options.contentRoot, now: options.now }),
    loadPopularity(options.contentRoot),
  ]);
  const allProblems = [...problems, ...popularity.problems];
  if (allProblems.length > 0) return { ok: false, problems: allProblems };
  const catalogue = buildCatalogue({ ...content, popularity: popularity.sitelinks }, options.siteUrl);

  const outDir = path.resolve(options.outDir);
  const staging = `${outDir}.staging-${process.pid}`;
  const scratch = await mkdtemp(path.join(tmpdir(), 'lcr-build-'));
  try {
    const catalogueFile = path.join(scratch, 'catalogue.json');
    await writeFile(catalogueFile, JSON.stringify(catalogue));
    process.env[catalogueFileVariable] = catalogueFile;
    await rm(staging, { recursive: true, force: true });
    await astroBuild({ root: options.projectRoot, outDir: staging, site: options.siteUrl, logLevel: 'warn' });
    await emitApiData(catalogue, staging);
    await swapIn(staging, outDir);
    return { ok: true, catalogue };
  } finally {
    delete process.env[catalogueFileVariable];
    await rm(staging, { recursive: true, force: true });
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Replaces `target` with `staging` by two renames, so readers never see a half-written site. */
async function swapIn(staging: string, target: string): Promise<void> {
  const previous = `${target}.previous-${process.pid}`;
  const hadPrevious = await rename(target, previous).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
  await rename(staging, target);
  if (hadPrevious) await rm(previous, { recursive: true, force: true });
}
