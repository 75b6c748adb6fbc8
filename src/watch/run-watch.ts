import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { checkDraft } from '../drafts/check-draft.ts';
import { newReportId } from '../drafts/report-id.ts';
import { reportFilePath, reportFileText } from '../drafts/report-file-text.ts';
import { checkContentFile } from '../load/check-content-file.ts';
import { loadContent } from '../load/load-content.ts';
import { formatProblem } from '../load/problem.ts';
import type { LandmarkRecord, ReportRecord } from '../load/records.ts';
import { addDays, dayOfInstant } from '../schema/calendar.ts';
import type { SourceCheck, WatchChecksFile } from '../schema/watch-checks.ts';
import { datedClosureMethods, watchEntryOf, watchHorizonDays, type WatchEntry, type WatchMethod } from '../schema/watch-sources.ts';
import { mergedCheckRecords, readCheckRecords, writeCheckRecords } from './check-records.ts';
import type { PoliteFetcher } from './fetch/polite-fetcher.ts';
import { readSource } from './methods/read-source.ts';
import type { Observation, SourceReading, WatchEnvironment } from './observation.ts';
import { itemIdOf, proposalsOf, type GoneItem, type Proposal } from './proposals.ts';

/**
 * `npm run watch`: reads every watched source, turns what they list into report files through
 * the same draft, checks and writer as `npm run new-report`, and records each source's check.
 * A source that fails is reported and keeps its last good record; it never stops the others.
 */

export interface WatchOptions {
  root: string;
  now: Date;
  /** Only this landmark's sources. */
  only?: string | undefined;
  fetcher: PoliteFetcher;
  environment: WatchEnvironment;
  /** Landmarks read at once; the fetcher holds each host to its own limit. */
  landmarksAtOnce?: number;
}

export interface SourceSummary {
  slug: string;
  key: string;
  method: WatchMethod;
  outcome: SourceCheck['outcome'];
  items: number;
  new: number;
  updated: number;
  gone: number;
  url: string;
  error?: string | undefined;
}

export interface LandmarkOutcome {
  slug: string;
  /** Report files written, relative to the root. */
  written: string[];
  /** Items no longer listed by a source that still answers, with the report that carries each. */
  gone: { itemId: string; file: string }[];
  sources: SourceSummary[];
}

export interface WatchRun {
  landmarks: LandmarkOutcome[];
  /** Proposals the checks refused (each with the validator's words): none should be, and none was written. */
  refused: string[];
}

interface Read {
  landmark: LandmarkRecord;
  entries: { entry: WatchEntry; disabled?: string | undefined; reading?: SourceReading | undefined }[];
}

async function eachAtMost<T>(items: readonly T[], atOnce: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

function checkOf(entry: WatchEntry, previous: SourceCheck | undefined, disabled: string | undefined, reading: SourceReading | undefined, now: Date): SourceCheck {
  const checkedAt = now.toISOString();
  if (disabled !== undefined) return { method: entry.method, url: previous?.url ?? entry.key, checkedAt, outcome: 'disabled', items: previous?.items ?? 0, ...(previous?.lastSuccessAt ? { lastSuccessAt: previous.lastSuccessAt } : {}), error: disabled };
  if (!reading!.ok) {
    return { method: entry.method, url: reading!.checkedUrl, checkedAt, outcome: 'failed', items: previous?.items ?? 0, ...(previous?.lastSuccessAt ? { lastSuccessAt: previous.lastSuccessAt } : {}), error: reading!.error.slice(0, 500) };
  }
  const check: SourceCheck = { method: entry.method, url: reading!.checkedUrl, checkedAt, outcome: reading!.itemsListed > 0 ? 'ok' : 'empty', items: reading!.itemsListed, lastSuccessAt: checkedAt };
  if (datedClosureMethods.has(entry.method)) check.closures = closuresOf(reading!.observations, now);
  return check;
}

/** The days each closure covers, as the status route weighs a check: an undated one runs to the horizon. */
function closuresOf(observations: readonly Observation[], now: Date): [string, string][] {
  const today = dayOfInstant(now.getTime());
  const horizon = addDays(today, watchHorizonDays);
  return observations.map((observation): [string, string] => [observation.from ?? today, observation.until ?? horizon]).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

export async function runWatch(options: WatchOptions): Promise<WatchRun> {
  const { root, now, fetcher, environment } = options;
  const { content } = await loadContent({ root, now, readCommitTimes: false });
  const watched = content.landmarks.filter((landmark) => (options.only === undefined || landmark.slug === options.only) && (landmark.frontmatter.watch?.length ?? 0) > 0);
  if (options.only !== undefined && !content.landmarks.some((landmark) => landmark.slug === options.only)) {
    throw new Error(`--only: expected the slug of a landmark in content/landmarks/; got "${options.only}"`);
  }
  const lastRecords: WatchChecksFile = await readCheckRecords(root);

  const reads: Read[] = watched.map((landmark) => ({ landmark, entries: landmark.frontmatter.watch!.map((source) => ({ entry: watchEntryOf(source) })) }));
  await eachAtMost(reads, options.landmarksAtOnce ?? 16, async ({ landmark, entries }) => {
    const context = { fetcher, now, environment, landmark: { slug: landmark.slug, name: landmark.frontmatter.name, wikidata: landmark.frontmatter.wikidata } };
    await Promise.all(entries.map(async (read) => {
      read.disabled = read.entry.parameters.disabled;
      if (read.disabled === undefined) read.reading = await readSource(read.entry, context);
    }));
  });

  // Written one after another: each draft is checked against the content with the ones before it.
  const reportsBySlug = new Map<string, ReportRecord[]>();
  for (const report of content.reports) {
    let own = reportsBySlug.get(report.landmarkSlug);
    if (!own) reportsBySlug.set(report.landmarkSlug, (own = []));
    own.push(report);
  }
  const takenIds = new Set(content.reports.map((report) => report.id));
  const records = new Map<string, Record<string, SourceCheck>>();
  const run: WatchRun = { landmarks: [], refused: [] };
  for (const { landmark, entries } of reads) {
    const outcome: LandmarkOutcome = { slug: landmark.slug, written: [], gone: [], sources: [] };
    const checks: Record<string, SourceCheck> = {};
    for (const { entry, disabled, reading } of entries) {
      const check = checkOf(entry, lastRecords.checks[landmark.slug]?.[entry.key], disabled, reading, now);
      checks[entry.key] = check;
      const summary: SourceSummary = { slug: landmark.slug, key: entry.key, method: entry.method, outcome: check.outcome, items: check.items, new: 0, updated: 0, gone: 0, url: check.url, ...(check.error ? { error: check.error } : {}) };
      outcome.sources.push(summary);
      if (!reading?.ok) continue;
      const { proposals, gone } = proposalsOf(entry.key, reading.observations, reportsBySlug.get(landmark.slug) ?? [], now);
      for (const proposal of proposals) {
        const written = await writeProposal(root, landmark.slug, entry.key, proposal, content, takenIds, now, run.refused);
        if (!written) continue;
        outcome.written.push(written.file);
        reportsBySlug.set(landmark.slug, [...(reportsBySlug.get(landmark.slug) ?? []), written]);
        if (proposal.supersedes) summary.updated++;
        else summary.new++;
      }
      summary.gone = gone.length;
      outcome.gone.push(...gone.map((item: GoneItem) => ({ itemId: item.itemId, file: item.report.file })));
    }
    records.set(landmark.slug, checks);
    run.landmarks.push(outcome);
  }
  await writeCheckRecords(root, mergedCheckRecords(lastRecords, records));
  return run;
}

/** One proposal as a new report file, checked as `npm run new-report` checks its drafts; undefined when refused. */
async function writeProposal(root: string, slug: string, sourceKey: string, proposal: Proposal, content: { landmarks: LandmarkRecord[]; reports: ReportRecord[] }, takenIds: Set<string>, now: Date, refused: string[]): Promise<ReportRecord | undefined> {
  const { observation } = proposal;
  const id = newReportId(takenIds);
  const file = reportFilePath(slug, id);
  const text = reportFileText({
    landmarkSlug: slug,
    id,
    condition: observation.condition,
    summary: observation.summary,
    observedAt: dayOfInstant(now.getTime()),
    source: { kind: observation.kind, name: observation.sourceName, url: observation.url, itemId: itemIdOf(sourceKey, observation) },
    from: observation.from,
    until: observation.until,
    untilKind: observation.untilKind === 'estimated' ? 'estimated' : undefined,
    supersedes: proposal.supersedes?.id,
    details: `${observation.details}\n\nProposed by npm run watch from ${sourceKey}, read ${observation.readAt}.`,
  });
  const problems = checkDraft(content, file, text, now);
  if (problems.length > 0) {
    refused.push(...problems.map(formatProblem));
    return undefined;
  }
  const record = checkContentFile(file, new TextEncoder().encode(text)).report!;
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), text, { flag: 'wx' });
  takenIds.add(id);
  content.reports.push(record);
  return record;
}
