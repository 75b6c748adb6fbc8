import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { repositoryUrl } from '../emit/repository-url.ts';
import { defaultFetchRules, PoliteFetcher, type FetchRules } from '../watch/fetch/polite-fetcher.ts';
import { folderRevalidationCache } from '../watch/fetch/revalidation-cache.ts';
import { wikidataSparqlEndpoint } from '../watch/methods/wikidata.ts';
import type { WatchEnvironment } from '../watch/observation.ts';
import { runWatch, type WatchRun } from '../watch/run-watch.ts';
import { readCommandLine, type CommandIo } from './command-line.ts';

export const watchUsage = `usage: npm run watch [-- --only <slug>] [--json] [--root <dir>]
Reads every landmark's watch: sources, writes a report for each new or changed item, and records
each source's check in content/watch/checks.yaml. Environment: NPS_API_KEY, WATCH_NPS_BASE_URL
(default https://developer.nps.gov/api/v1), WATCH_WIKIDATA_SPARQL_URL (default
https://query.wikidata.org/sparql), WATCH_ALLOW_LOCAL=1 (tests and offline reviews only).`;

const options = {
  only: { type: 'string' },
  json: { type: 'boolean' },
  root: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export function watchEnvironmentOf(env: NodeJS.ProcessEnv): WatchEnvironment {
  return {
    npsBaseUrl: env.WATCH_NPS_BASE_URL || 'https://developer.nps.gov/api/v1',
    npsApiKey: env.NPS_API_KEY || undefined,
    wikidataSparqlUrl: env.WATCH_WIKIDATA_SPARQL_URL || wikidataSparqlEndpoint,
  };
}

export const watchUserAgent = `landmark-condition-reports-watch/1.0 (+${repositoryUrl})`;

/** The summary as a table: one row per source, then what was written and what is gone. */
export function summaryTable(run: WatchRun): string {
  const rows = run.landmarks.flatMap((landmark) => landmark.sources.map((source) => [landmark.slug, source.key, source.outcome, String(source.items), String(source.new), String(source.updated), String(source.gone), source.error ?? '']));
  const header = ['landmark', 'source', 'outcome', 'items', 'new', 'updated', 'gone', 'error'];
  const widths = header.map((title, column) => Math.min(60, Math.max(title.length, ...rows.map((row) => row[column]!.length))));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => (cell.length > widths[column]! ? `${cell.slice(0, widths[column]! - 1)}…` : cell.padEnd(widths[column]!))).join(' | ')} |`;
  const lines = [line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(line)];
  const counts = { ok: 0, empty: 0, failed: 0, disabled: 0 };
  for (const landmark of run.landmarks) for (const source of landmark.sources) counts[source.outcome]++;
  const written = run.landmarks.flatMap((landmark) => landmark.written);
  const gone = run.landmarks.flatMap((landmark) => landmark.gone);
  lines.push('', `${counts.ok} ok, ${counts.empty} empty, ${counts.failed} failed, ${counts.disabled} disabled; ${written.length} report(s) written, ${gone.length} item(s) gone.`);
  for (const file of written) lines.push(`written: ${file}`);
  for (const item of gone) lines.push(`gone (review; a gone item does not prove a reopening): ${item.itemId}, reported in ${item.file}`);
  for (const problem of run.refused) lines.push(`refused: ${problem}`);
  return `${lines.join('\n')}\n`;
}

/** `npm run watch`. Exit code 0 when it ran (failed sources are in the summary), 1 on a refused proposal, 2 on bad usage. */
export async function watchCommand(args: string[], io: CommandIo, defaultRoot: string, env: NodeJS.ProcessEnv, rules?: Partial<FetchRules>): Promise<number> {
  const parsed = readCommandLine(args, options, watchUsage, io);
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  const root = path.resolve(values.root ?? defaultRoot);
  const allowLocal = env.WATCH_ALLOW_LOCAL === '1';
  const fetcher = new PoliteFetcher({ ...defaultFetchRules(watchUserAgent, allowLocal), ...rules }, folderRevalidationCache(path.join(root, '.cache', 'watch')));
  let run: WatchRun;
  try {
    run = await runWatch({ root, now: io.now, only: values.only, fetcher, environment: watchEnvironmentOf(env) });
  } catch (error) {
    io.errors.write(`${(error as Error).message}\n`);
    return 2;
  }
  io.output.write(values.json ? `${JSON.stringify(run, null, 2)}\n` : summaryTable(run));
  // In GitHub Actions the table is the job's summary too (Markdown), whatever the output format.
  if (env.GITHUB_STEP_SUMMARY) await appendFile(env.GITHUB_STEP_SUMMARY, `## Watch of official sources\n\n${summaryTable(run)}`);
  return run.refused.length > 0 ? 1 : 0;
}
