import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { watchChecksFile, watchChecksPath, type SourceCheck, type WatchChecksFile } from '../schema/watch-checks.ts';

/** The check records as the last run left them; none yet is an empty record. A damaged file stops the run: it says where. */
export async function readCheckRecords(root: string): Promise<WatchChecksFile> {
  let text: string;
  try {
    text = await readFile(path.join(root, watchChecksPath), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { checks: {} };
    throw error;
  }
  const result = watchChecksFile.safeParse(parse(text));
  if (!result.success) throw new Error(`${watchChecksPath}: ${result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')} (npm run validate says where)`);
  return result.data;
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
