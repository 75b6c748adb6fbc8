import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'yaml';
import { formatProblem } from '../load/problem.ts';
import { loadWatchChecks } from '../load/watch-checks.ts';
import { watchChecksPath, type SourceCheck, type WatchChecksFile } from '../schema/watch-checks.ts';

/** The check records as the last run left them; none yet is an empty record. A damaged file stops the run, saying where. */
export async function readCheckRecords(root: string): Promise<WatchChecksFile> {
  const { checks, problems } = await loadWatchChecks(root);
  if (problems.length > 0) throw new Error(problems.map(formatProblem).join('\n'));
  return { checks };
}

/** The records with this run's checks in place of the last ones, landmarks and sources in order, so a diff shows only what changed. */
export function mergedCheckRecords(last: WatchChecksFile, run: ReadonlyMap<string, Record<string, SourceCheck>>): WatchChecksFile {
  const checks: WatchChecksFile['checks'] = { ...last.checks };
  for (const [slug, sources] of run) checks[slug] = sources;
  const sorted = Object.fromEntries(
    Object.keys(checks)
      .sort()
      .map((slug) => [slug, Object.fromEntries(Object.keys(checks[slug]!).sort().map((key) => [key, checks[slug]![key]!]))]),
  );
  return { checks: sorted };
}

export async function writeCheckRecords(root: string, records: WatchChecksFile): Promise<void> {
  const file = path.join(root, watchChecksPath);
  await mkdir(path.dirname(file), { recursive: true });
  const text = `# Written by npm run watch (the scheduled workflow commits it); do not edit by hand.\n${stringify(records, { lineWidth: 0 })}`;
  await writeFile(`${file}.tmp`, text);
  await rename(`${file}.tmp`, file);
}
