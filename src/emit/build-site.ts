import { rm } from 'node:fs/promises';
import path from 'node:path';
import { commitTimesFile } from '../kept/commit-times.ts';
import { contentChanges, type ContentChanges, type ContentState } from '../load/content-changes.ts';
import { parseCacheDir } from '../kept/parse-cache.ts';
import { inputDigest } from '../kept/digests.ts';
import { loadContent, parsingInWords, reportCommitTimesAhead } from '../load/load-content.ts';
import { loadPopularity } from '../load/popularity.ts';
import { loadWatchChecks } from '../load/watch-checks.ts';
import type { Problem } from '../load/problem.ts';
import { buildCatalogue, type Catalogue } from '../domain/catalogue.ts';
import { apiDataFiles } from '../api/data-products.ts';
import { builtDataStore, emitDataFiles, writeSiteFile } from './emit-api-data.ts';
import { assetHeadersFile, assetHeadersPath } from '../api/response-headers.ts';
import { emitEntryPoints } from './emit-entry-points.ts';
import { emitBulkDownloads } from './downloads/emit-downloads.ts';
import { downloadsDirectory } from '../formats/download-resources.ts';
import { downloadFormats } from './downloads/download-formats.ts';
import { keptDatabaseDir } from '../kept/database.ts';
import { databaseRowsInWords } from './downloads/from-ndjson.ts';
import { updateCatalogue } from '../load/catalogue-update.ts';
import { BodyNotReadable, reportBodiesIn } from '../load/report-bodies.ts';
import { readBodiesAhead, type BodyReader } from '../load/body-reader.ts';
import type { BodySpool } from '../load/body-spool.ts';
import { catalogueFingerprint, evidenceOfSaved, joinShards, keepCatalogue, keptCatalogueDir, readKeptManifest, readKeptShards, splitCatalogue, type KeptCatalogue, type Manifest as KeptManifest } from '../kept/catalogue.ts';
import { catalogueOnPages, withPageData, type CatalogueOnPages, type PageData } from './page-handover.ts';
import type { ListedResource } from './downloads/datapackage.ts';
import { dayOfInstant } from '../schema/calendar.ts';
import { movePageTemplates } from './page-templates.ts';
import { budgetInWords, budgetProblem, defaultMaxFiles, measureSite } from './file-budget.ts';
import { buildFingerprint, openOutputStore, outputStoreDir, reuseInWords } from '../kept/output-files.ts';
import { repositoryUrl } from './repository-url.ts';
import { sitemapFiles } from './sitemap-files.ts';
import { moveInto, removeAbandonedStaging, swapIn } from './staging.ts';
import { reportTexts } from './report-texts.ts';
import { memoryForTexts, openTextsKept } from './texts-made-once.ts';
import { keptDerivations } from './kept-derivations.ts';
import { openKeptPages } from './kept-pages.ts';
import { linesInWords, openKeptLines, type KeptLines } from './kept-lines.ts';

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
  /** The asset host's file budget; 20,000 (Cloudflare's free plan) unless given. */
  maxFiles?: number;
}

export type BuildResult =
  | { ok: true; landmarkCount: number; reportCount: number; budget: string; parsing: string; reuse: string }
  | { ok: false; problems: Problem[] }
  | { ok: false; problems: []; overBudget: string };

/**
 * Validates all content, then builds the whole site into a staging folder beside `outDir` and swaps
 * it in at the end: a build with any problem writes nothing, and a failed build leaves the
 * previously published site untouched.
 */
export async function buildSite(given: BuildOptions): Promise<BuildResult> {
  // Astro changes the working directory while it builds, which a rebuild's threads may still be writing beside.
  const options = { ...given, contentRoot: path.resolve(given.contentRoot) };
  const outDir = path.resolve(options.outDir);
  // Staged inside the project, where Astro's intermediate server chunks can resolve node_modules.
  const staging = path.join(options.projectRoot, `${stagingPrefix}${process.pid}`);
  // What is made from the catalogue is written beside staging, which Astro empties first, and joins it after the pages.
  const beside = `${staging}.data`;
  // The pages the last build made, when the site's code is the same: Astro is then neither imported nor run.
  // (Only a faster build depends on them: when they cannot be read, Astro builds the pages.)
  const keptPages = openKeptPages(options.contentRoot, options.siteUrl).catch(() => undefined);
  // Importing Astro takes about a second of this thread: done while the content loads, not before
  // it starts, and only when there are no pages kept for this code.
  let astro: Promise<typeof import('astro')> | undefined;
  const importAstro = () => {
    if (!astro) {
      astro = import('astro');
      astro.catch(() => {}); // a build that stops before its pages never awaits it: no unhandled error
    }
    return astro;
  };
  void keptPages.then((kept) => {
    if (!kept?.found) void importAstro();
  });
  try {
    await removeAbandonedStaging(options.projectRoot, stagingPrefix);
    await Promise.all([staging, beside].map((folder) => rm(folder, { recursive: true, force: true })));
    let pagesInWords = '';
    const pagesOf = (data: PageData) =>
      withPageData(data, async () => {
        const kept = await keptPages;
        // The site's code unchanged since the last build: its pages, with this build's data.
        if (await kept?.reuse(staging, data)) {
          pagesInWords = "pages as the last build's, with this build's data";
          return;
        }
        await buildPages((await importAstro()).build, options.projectRoot, staging, options.siteUrl);
        if (!kept) return;
        // The kept pages only speed up the next build: failing to keep them is worth a note, not a failed build.
        pagesInWords = await kept.keep(staging).then(
          () => 'pages built',
          (error: Error) => `pages built, and could not be kept: ${error.message.split('\n')[0]}`,
        );
      });
    const made = await makeFromCatalogue(options, beside, pagesOf);
    if (!made.ok) return made;
    if (made.pages) {
      // The catalogue is no longer held: the pages get only what they show of it, and Astro's bundler
      // fills the space the catalogue took, collected first, rather than more memory beside it.
      collectGarbage();
      await pagesOf(made.pages);
    }
    await moveInto(beside, staging);
    await movePageTemplates(staging);
    await writeSiteFile(staging, assetHeadersPath, assetHeadersFile(downloadFormats.map(({ name, mediaType, text }) => ({ extension: name, mediaType, text }))));
    // Measured before the published site is touched: a site over the budget is never swapped in.
    const maxFiles = options.maxFiles ?? defaultMaxFiles;
    const measure = await measureSite(staging);
    const overBudget = budgetProblem(measure, maxFiles);
    if (overBudget) return { ok: false, problems: [], overBudget };
    await swapIn(staging, outDir);
    const { landmarkCount, reportCount, parsing } = made;
    const reuse = [made.reuse, pagesInWords].filter(Boolean).join('; ');
    return { ok: true, landmarkCount, reportCount, budget: budgetInWords(measure, maxFiles), parsing, reuse };
  } finally {
    await Promise.all([staging, beside].map((folder) => rm(folder, { recursive: true, force: true })));
  }
}

/**
 * What makeFromCatalogue made: what the pages show of the catalogue, unless they are built already,
 * and what the build says of it.
 */
interface MadeFromCatalogue {
  ok: true;
  pages: PageData | undefined;
  landmarkCount: number;
  reportCount: number;
  parsing: string;
  reuse: string;
}

/**
 * Loads the catalogue and writes into `dir` everything made from it: the downloads, the API data,
 * the sitemaps and the entry points. The pages are built with `pagesOf` while the last downloads
 * are finished when the catalogue is a rebuild's, the kept one's views (about 500 MB of heap at a
 * million reports); otherwise what they show is returned, and nothing else of the catalogue
 * outlives this call, so that Astro runs in the heap a million parsed reports held.
 */
async function makeFromCatalogue(options: BuildOptions, dir: string, pagesOf: (data: PageData) => Promise<void>): Promise<MadeFromCatalogue | { ok: false; problems: Problem[] }> {
  const loaded = await catalogueOf(options, catalogueFingerprint(options.siteUrl));
  if (!loaded.ok) return loaded;
  return madeFrom(loaded, options, dir, loaded.fromKept ? pagesOf : undefined);
}

/** What makeFromCatalogue makes of the loaded catalogue; with `pagesOf`, the pages are built meanwhile. */
async function madeFrom(
  loaded: Derived,
  options: BuildOptions,
  dir: string,
  pagesOf: ((data: PageData) => Promise<void>) | undefined,
): Promise<MadeFromCatalogue | { ok: false; problems: Problem[] }> {
  const { bodies, keptFiles } = loaded;
  let { parsing } = loaded;
  let texts: ReturnType<typeof openTextsKept> | undefined;
  let reader: BodyReader | undefined;
  try {
    const fingerprint = buildFingerprint(options.siteUrl, repositoryUrl);
    const store = await openOutputStore(outputStoreDir(options.contentRoot), fingerprint);
    // A rebuild that can reuse no file (new code, the store removed) publishes every report again:
    // a thread reads their bodies ahead, as for a build whose reports came from the parse cache.
    if (loaded.fromKept && !store.keptByThisCode) reader = readBodiesAhead(options.contentRoot, loaded.catalogue.reports, outputStoreDir(options.contentRoot), loaded.catalogue.bodies);
    const withBodies: Catalogue = reader ? { ...loaded.catalogue, bodies: reader.bodies } : loaded.catalogue;
    // Each report's text is made once, for the downloads and data files that all publish it, and
    // each landmark's entry of the nearby index once for its three levels.
    texts = openTextsKept(outputStoreDir(options.contentRoot), memoryForTexts());
    const catalogue: Catalogue = texts ? { ...withBodies, reportJson: reportTexts(withBodies, texts.madeOnce), madeOnce: texts.madeOnce } : withBodies;
    let lines: KeptLines | undefined;
    let onPages: CatalogueOnPages | undefined;
    let pages: PageData | undefined;
    // The pages list the downloads' files and sizes, known once the database is written. With
    // `pagesOf` (a rebuild) they are built then, while the database is cut (2-4 s of the SQLite
    // thread at a million reports, which the pages, 1.2 s, used to follow); otherwise what they
    // show is returned.
    const listed = async (downloads: ListedResource[]) => {
      pages = { ...onPages!, downloads };
      if (!pagesOf) return;
      await pagesOf(pages);
      pages = undefined;
    };
    // The API data, the sitemaps and the entry points are written while the SQLite download is made
    // in its own thread, and what the pages show is taken meanwhile: at a million reports a rebuild
    // waits for that thread, then took most of a second more over every landmark.
    const { databaseRows } = await emitBulkDownloads(
      catalogue,
      path.join(dir, ...downloadsDirectory.split('/').filter(Boolean)),
      { siteUrl: options.siteUrl, store, keptDatabase: { dir: keptDatabaseDir(options.contentRoot), fingerprint }, listed },
      async () => {
        lines = await openKeptLines(store);
        await emitDataFiles(apiDataFiles(catalogue, repositoryUrl, keptDerivations(store)), dir, store, lines);
        await lines.save();
        await emitDataFiles(sitemapFiles(catalogue), dir, store);
        await emitEntryPoints(catalogue, builtDataStore(dir), dir, { siteUrl: options.siteUrl, now: options.now, contactEmail: process.env.CONTACT_EMAIL });
        onPages = catalogueOnPages(catalogue, dayOfInstant(options.now.getTime()));
        parsing = [parsing, await loaded.keep?.()].filter(Boolean).join('; ');
      },
    );
    // The store only speeds up the next build: failing to save it is worth a note, not a failed build.
    await store.close().catch((error: Error) => store.notes.push(`could not save the kept output files: ${error.message.split('\n')[0]}`));
    return {
      ok: true,
      pages,
      landmarkCount: catalogue.landmarks.length,
      reportCount: catalogue.reports.length,
      parsing,
      reuse: [reuseInWords(store), lines && linesInWords(lines.counts), databaseRowsInWords(databaseRows)].filter(Boolean).join('; '),
    };
  } catch (error) {
    // A report file changed while the build ran: said like any content problem, nothing published.
    if (error instanceof BodyNotReadable) return { ok: false, problems: [error.problem] };
    throw error;
  } finally {
    // The catalogue reads its bodies from their files again once the spool or the reader ahead is closed, and makes its reports' texts again.
    bodies?.close();
    reader?.close();
    texts?.close();
    await keptFiles?.close();
  }
}

/**
 * The catalogue of the content: the kept one with the files changed since applied, when the last
 * build kept one and git can tell what changed; otherwise every file is loaded and checked, and
 * the catalogue derived and kept for the next build.
 */
async function catalogueOf(options: BuildOptions, fingerprint: string): Promise<Derived | { ok: false; problems: Problem[] }> {
  const root = options.contentRoot;
  const keptDir = keptCatalogueDir(root);
  const manifest = await readKeptManifest<ContentState>(keptDir, fingerprint);
  // git looks for changes in its own processes while this thread reads the kept shards.
  const changes = contentChanges(root, manifest?.state);
  let notUsed: string | undefined;
  if (manifest) {
    const kept = await applyChanges(options, fingerprint, manifest, changes);
    if (kept.ok) return kept;
    notUsed = kept.reason;
  }
  const loaded = await loadAndDerive(options);
  const state = (await changes)?.state;
  if (!loaded.ok || !state) return loaded;
  // The catalogue only speeds up the next build: failing to keep it is worth a note, not a failed build.
  const split = splitCatalogue(loaded.catalogue);
  const keeping = await keepCatalogue(keptDir, fingerprint, state, split).then(
    (saved) => ({ saved, note: notUsed ? `the kept catalogue was derived again (${notUsed})` : '' }),
    (error: Error) => ({ saved: undefined, note: `could not keep the catalogue: ${error.message.split('\n')[0]}` }),
  );
  const parsing = [loaded.parsing, keeping.note].filter(Boolean).join('; ');
  // Once kept, the reports' evidence is read from the kept files, as a rebuild reads it, and the heap lets go of it.
  const kept = keeping.saved && (await evidenceOfSaved(keptDir, keeping.saved, split.order));
  if (!kept) return { ...loaded, parsing };
  return { ...loaded, catalogue: { ...loaded.catalogue, evidence: kept.evidence }, parsing, keptFiles: kept };
}

/** The kept catalogue with the changed files applied and kept in turn, or why that could not be done. */
async function applyChanges(options: BuildOptions, fingerprint: string, manifest: KeptManifest<ContentState>, changes: Promise<ContentChanges | undefined>): Promise<Derived | { ok: false; reason: string }> {
  const root = options.contentRoot;
  const keptDir = keptCatalogueDir(root);
  // Read while the kept shards are: what the changed files' commit times are looked up in.
  const commitTimes = reportCommitTimesAhead(root, commitTimesFile(root));
  const kept = await readKeptShards(keptDir, manifest, options.siteUrl);
  if (!kept) return { ok: false, reason: 'it was damaged or partly saved' };
  const known = await changes;
  // The full load that follows a failure reads nothing of the kept files.
  if (!known?.changed) {
    await kept.close();
    return { ok: false, reason: 'git could not say what changed since' };
  }
  const update = await updateCatalogue(kept, known.changed, {
    root,
    now: options.now,
    siteUrl: options.siteUrl,
    commitTimes,
    popularity: async () => {
      const { sitelinks, problems } = await loadPopularity(root, parseCacheDir(root));
      return problems.length === 0 ? sitelinks : undefined;
    },
    watchChecks: async () => {
      const { checks, problems } = await loadWatchChecks(root, parseCacheDir(root));
      return problems.length === 0 ? checks : undefined;
    },
  });
  if (!update.ok) {
    await kept.close();
    return update;
  }
  const changed = known.changed.length;
  const parsing = `${changed.toLocaleString('en')} file${changed === 1 ? '' : 's'} changed since the last build; ${update.filesRead.toLocaleString('en')} read again, the rest taken from the kept catalogue`;
  const keep = () =>
    keepCatalogue(keptDir, fingerprint, known.state, update.catalogue, { previous: manifest, changed: update.changedShards, checked: update.checkedShards }).then(
      () => '',
      (error: Error) => `could not keep the catalogue: ${error.message.split('\n')[0]}`,
    );
  return { ok: true, catalogue: joinShards(update.catalogue, options.siteUrl, reportBodiesIn(root)), parsing, keptFiles: update.catalogue, keep, fromKept: true };
}

/**
 * Validates all the content and derives the catalogue from it. The parsed records are released one
 * by one as the catalogue takes them in: with a million reports they take as much memory as the
 * catalogue itself, and holding both at once was the build's peak.
 */
async function loadAndDerive(options: BuildOptions): Promise<Derived | { ok: false; problems: Problem[] }> {
  const cacheDir = parseCacheDir(options.contentRoot);
  const [{ content, problems, cache, bodySpool }, popularity, watched] = await Promise.all([
    loadContent({ root: options.contentRoot, now: options.now, cacheDir, commitTimesFile: commitTimesFile(options.contentRoot), bodySpoolDir: cacheDir }),
    loadPopularity(options.contentRoot, cacheDir),
    loadWatchChecks(options.contentRoot, cacheDir),
  ]);
  const allProblems = [...problems, ...popularity.problems, ...watched.problems];
  if (allProblems.length > 0) {
    bodySpool?.close();
    return { ok: false, problems: allProblems };
  }
  const fromFiles = reportBodiesIn(options.contentRoot);
  let catalogue: Catalogue;
  try {
    catalogue = buildCatalogue(
      { landmarks: content.landmarks, reports: released(content.reports), popularity: popularity.sitelinks, watchChecks: watched.checks, digest: inputDigest, bodies: bodySpool ? bodySpool.bodies(fromFiles) : fromFiles },
      options.siteUrl,
    );
  } catch (error) {
    bodySpool?.close();
    throw error;
  }
  // Without a spool (every report taken from the parse cache), a thread reads the bodies ahead.
  const reader = bodySpool ? undefined : readBodiesAhead(options.contentRoot, catalogue.reports, cacheDir, fromFiles);
  if (reader) catalogue = { ...catalogue, bodies: reader.bodies };
  const bodies = bodySpool ?? reader;
  return { ok: true, catalogue, parsing: cache ? parsingInWords(cache) : '', ...(bodies ? { bodies } : {}) };
}

/**
 * A catalogue ready to publish; with what the build closes once it has made its files: the spool
 * its bodies are read from, when the content was parsed in this build, and the kept files its
 * evidence is read from, once they are kept.
 */
interface Derived {
  ok: true;
  catalogue: Catalogue;
  parsing: string;
  /** Where the reports' bodies are read from besides their files (a parse workers' spool, a thread reading ahead): closed once the files are made. */
  bodies?: Pick<BodySpool, 'close'>;
  keptFiles?: Pick<KeptCatalogue, 'close'>;
  /** Whether the catalogue is the kept one's views with the changed files applied (a rebuild's), not every report parsed. */
  fromKept?: boolean;
  /**
   * Keeps the catalogue for the next build, when that is still to do; says why it could not. A
   * rebuild keeps its changed shards while its downloads are made in their threads, not before its
   * first download: at a million reports that was a third of a second before the SQLite thread could start.
   */
  keep?: () => Promise<string>;
}

/** Yields each item of `items` and removes it from the array, which ends empty. */
function* released<T>(items: T[]): Generator<T> {
  for (let index = 0; index < items.length; index++) {
    const item = items[index]!;
    (items as (T | undefined)[])[index] = undefined;
    yield item;
  }
  items.length = 0;
}

const stagingPrefix = '.build-';

/** A full collection, where the process allows one (scripts/build.ts runs the build with --expose-gc); nothing otherwise. */
const collectGarbage = (): void => (globalThis as { gc?: () => void }).gc?.();

/**
 * Astro keeps its intermediate files in the output folder only when that folder is inside the
 * working directory; otherwise it uses one folder shared by every build, and two builds at once
 * (parallel tests, two people) would overwrite each other's. So pages are built from the project.
 */
async function buildPages(astroBuild: typeof import('astro').build, projectRoot: string, outDir: string, siteUrl: string): Promise<void> {
  const previous = process.cwd();
  process.chdir(projectRoot);
  try {
    await astroBuild({ root: projectRoot, outDir, site: siteUrl, logLevel: 'warn' });
  } finally {
    process.chdir(previous);
  }
}
