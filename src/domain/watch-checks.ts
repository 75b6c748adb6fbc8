import type { StatusCheckEvidence, WatchCheck } from '../schema/api.ts';
import { addDays, dayOf, instantOf } from '../schema/calendar.ts';
import type { SourceCheck } from '../schema/watch-checks.ts';
import { datedClosureMethods, watchCheckValidDays, watchEntryOf, watchHorizonDays, type WatchEntry, type WatchSource } from '../schema/watch-sources.ts';

/** What a source is, in words: "NPS alerts and operating hours for grca". */
export function watchSourceInWords(entry: WatchEntry): string {
  switch (entry.method) {
    case 'nps':
      return `NPS alerts and operating hours for ${entry.parameters.parkCode}`;
    case 'jsonld':
      return `opening hours (JSON-LD) on ${entry.parameters.url}`;
    case 'ical':
      return `the operator's calendar ${entry.parameters.url}`;
    case 'feed':
      return `the operator's news feed ${entry.parameters.url}`;
    case 'wikidata':
      return 'Wikidata\'s state of use';
  }
}

/** The published checks of a landmark's watched sources, in the order its watch list gives; sources never checked yet are left out. */
export function watchChecksOf(watch: readonly WatchSource[] | undefined, records: Readonly<Record<string, SourceCheck>> | undefined): WatchCheck[] {
  if (!watch || !records) return [];
  return watch.flatMap((source) => {
    const entry = watchEntryOf(source);
    const record = records[entry.key];
    return record ? [checkOf({ source: entry.key, method: entry.method, description: watchSourceInWords(entry), listsDatedClosures: datedClosureMethods.has(entry.method) }, record)] : [];
  });
}

/**
 * A landmark's published checks once its sources' records changed, from the checks it had, its
 * watch list unchanged: each keeps what its source is and takes what its record now says, and
 * one whose record is gone is left out, as watchChecksOf leaves it. Undefined when a record names
 * a source it had no check of: only the watch list says whether that source is watched, and where
 * in the list. A run of the watch gives most landmarks new records of the same sources, and this
 * spares the build reading their files (a hundred thousand of them at the bench's largest size).
 */
export function checksRecordedAgain(published: readonly WatchCheck[], records: Readonly<Record<string, SourceCheck>> | undefined): WatchCheck[] | undefined {
  const sources = new Set(published.map((check) => check.source));
  for (const key of Object.keys(records ?? {})) if (!sources.has(key)) return undefined;
  return published.flatMap((check) => {
    const record = records?.[check.source];
    return record ? [checkOf(check, record)] : [];
  });
}

/**
 * Records that give a landmark's published checks again with the same watch list (watchChecksOf):
 * a rebuild that derives a landmark again because one of its reports changed, its own file and
 * content/watch/checks.yaml as they were, takes them from its kept checks rather than read and
 * parse the whole file (73 MB at 100,000 watched landmarks) for a few landmarks' records.
 */
export function recordsOfChecks(published: readonly WatchCheck[]): Record<string, SourceCheck> {
  return Object.fromEntries(
    published.map((check) => [
      check.source,
      {
        method: check.method,
        url: check.url,
        checkedAt: check.checkedAt,
        outcome: check.outcome,
        items: check.items,
        ...(check.lastSuccessAt === null ? {} : { lastSuccessAt: check.lastSuccessAt }),
        ...(check.error === null ? {} : { error: check.error }),
        closures: check.closures,
      } satisfies SourceCheck,
    ]),
  );
}

/** A source's published check: what the source is, and what its record says. */
function checkOf(source: Pick<WatchCheck, 'source' | 'method' | 'description' | 'listsDatedClosures'>, record: SourceCheck): WatchCheck {
  return {
    source: source.source,
    method: source.method,
    description: source.description,
    url: record.url,
    checkedAt: record.checkedAt,
    outcome: record.outcome,
    items: record.items,
    lastSuccessAt: record.lastSuccessAt ?? null,
    listsDatedClosures: source.listsDatedClosures,
    closures: record.closures ?? [],
    error: record.error ?? null,
  };
}

/** The checks that can answer open on a day (openEvidenceOn reads no others). */
export const datedClosureChecksOf = (checks: readonly WatchCheck[]): WatchCheck[] => checks.filter((check) => check.listsDatedClosures);

const dayInMs = 86_400_000;

/**
 * The check that shows the landmark open on `day` when no report is in effect: a source that lists
 * dated closures, whose last try succeeded within `watchCheckValidDays` of `now`, whose read covers
 * `day` (from the day read to `watchHorizonDays` after) and which listed no closure on it.
 */
export function openEvidenceOn(checks: readonly WatchCheck[], day: string, now: Date): StatusCheckEvidence | undefined {
  for (const check of checks) {
    if (!check.listsDatedClosures || (check.outcome !== 'ok' && check.outcome !== 'empty') || check.lastSuccessAt === null) continue;
    if (now.getTime() - instantOf(check.lastSuccessAt) > watchCheckValidDays * dayInMs) continue;
    const readDay = dayOf(check.lastSuccessAt);
    const horizon = addDays(readDay, watchHorizonDays);
    if (day < readDay || day > horizon) continue;
    if (check.closures.some(([first, last]) => first <= day && day <= last)) continue;
    const { source, method, description, url, checkedAt, lastSuccessAt } = check;
    return { source, method, description, url, checkedAt, lastSuccessAt, horizon };
  }
  return undefined;
}

/** "NPS alerts and operating hours for grca, checked 2026-11-27 06:00 UTC: no closure listed". */
export function watchCheckInWords(check: WatchCheck): string {
  const at = `${check.checkedAt.slice(0, 10)} ${check.checkedAt.slice(11, 16)} UTC`;
  if (check.outcome === 'disabled') return `${check.description}: paused (${check.error ?? 'no reason given'})`;
  if (check.outcome === 'failed') {
    const last = check.lastSuccessAt ? `; last read ${check.lastSuccessAt.slice(0, 10)}` : '';
    return `${check.description}, tried ${at}: could not be read (${check.error ?? 'no reason given'})${last}`;
  }
  const found = check.listsDatedClosures
    ? check.closures.length === 0
      ? 'no closure listed'
      : `closures listed: ${check.closures.map(([first, last]) => (first === last ? first : `${first} to ${last}`)).join(', ')}`
    : `${check.items} item${check.items === 1 ? '' : 's'} listed`;
  return `${check.description}, checked ${at}: ${found}`;
}
