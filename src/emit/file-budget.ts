import fg from 'fast-glob';
import { maxDownloadFileBytes } from '../formats/download-resources.ts';

/**
 * The asset host's limits: Cloudflare Workers static assets take 20,000 files per version on the
 * free plan (100,000 on paid) and 25 MiB per file. The build measures what it made against them
 * before it replaces the published site, and says how much of the budget it used.
 */
export const defaultMaxFiles = 20_000;
export const maxFileBytes = maxDownloadFileBytes;

export interface SiteMeasure {
  files: number;
  /** Files per top-level folder (`_data/reports`, `data`, `(pages and assets)`), to say where they went. */
  byPart: Map<string, number>;
  largest: { file: string; bytes: number };
}

/** `_data/<kind>` for the API data, the first folder otherwise, pages and assets together. */
function partOf(file: string): string {
  const segments = file.split('/');
  if (segments[0] === '_data') return segments.length > 2 ? `_data/${segments[1]}` : '_data';
  return segments[0] === 'data' && segments.length > 1 ? 'data (downloads)' : '(pages, assets and entry points)';
}

export async function measureSite(dir: string): Promise<SiteMeasure> {
  // _headers is read by the asset host, not uploaded as an asset.
  // Sizes taken as the folders are walked: a stat awaited per file after the walk took 0.8-1.3 s
  // on the 18,321 files of a site of a million reports, against 0.1-0.2 s.
  const entries = (await fg('**/*', { cwd: dir, dot: true, onlyFiles: true, stats: true })).filter(({ path: file }) => file !== '_headers');
  const byPart = new Map<string, number>();
  let largest = { file: '', bytes: 0 };
  for (const { path: file, stats } of entries) {
    byPart.set(partOf(file), (byPart.get(partOf(file)) ?? 0) + 1);
    if (stats!.size > largest.bytes) largest = { file, bytes: stats!.size };
  }
  return { files: entries.length, byPart, largest };
}

const mebibytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** One line: how much of the budget the site uses. */
export function budgetInWords(measure: SiteMeasure, maxFiles: number): string {
  const share = ((measure.files / maxFiles) * 100).toFixed(1);
  return `${measure.files.toLocaleString('en')} of ${maxFiles.toLocaleString('en')} files (${share}%); largest ${measure.largest.file}, ${mebibytes(measure.largest.bytes)} of ${mebibytes(maxFileBytes)}`;
}

/** What is over the budget and what to change, or undefined when the site fits. */
export function budgetProblem(measure: SiteMeasure, maxFiles: number): string | undefined {
  const parts = [...measure.byPart].sort(([, a], [, b]) => b - a).map(([part, count]) => `${part}: ${count.toLocaleString('en')}`).join(', ');
  if (measure.files > maxFiles) {
    return (
      `the site would have ${measure.files.toLocaleString('en')} files, over the budget of ${maxFiles.toLocaleString('en')} ` +
      `(Cloudflare allows 20,000 asset files per version on the free plan, 100,000 on paid); by part: ${parts}. ` +
      `On a paid plan, build with --max-files 100000; beyond that, the data files would have to move to an object store, which the Worker's data store allows for but the build does not do yet (docs/performance.md, "The file budget").`
    );
  }
  if (measure.largest.bytes > maxFileBytes) {
    return `${measure.largest.file} is ${mebibytes(measure.largest.bytes)}, over the asset host's limit of ${mebibytes(maxFileBytes)} per file; split it like the downloads (src/emit/downloads/split-files.ts).`;
  }
  return undefined;
}
