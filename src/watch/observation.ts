import { addDays, dayOfInstant } from '../schema/calendar.ts';
import type { Condition } from '../schema/conditions.ts';
import type { UntilKind } from '../schema/periods.ts';
import { watchHorizonDays } from '../schema/watch-sources.ts';
import type { PoliteFetcher } from './fetch/polite-fetcher.ts';

/** One item a source lists, as a report would say it: what, when, and the source's own page for it. */
export interface Observation {
  /** Names the item at its source (alert id, event UID, feed guid, statement id): the same item keeps it. The runner prefixes the source's key. */
  itemId: string;
  condition: Condition;
  summary: string;
  from?: string | undefined;
  until?: string | undefined;
  untilKind?: UntilKind | undefined;
  /** The page the report will cite. */
  url: string;
  sourceName: string;
  kind: 'official';
  /** When it was read (ISO 8601 UTC). */
  readAt: string;
  /** A few lines for the report's body, in the source's words where short. */
  details: string;
}

/** What one source answered: its observations, or why it could not be read (never "nothing announced"). */
export type SourceReading =
  | {
      ok: true;
      observations: Observation[];
      /** Items the source listed, closures or not (alerts, events, feed items, statements). */
      itemsListed: number;
      /** The address read, to cite as evidence of a check. */
      checkedUrl: string;
    }
  | { ok: false; error: string; checkedUrl: string };

export interface WatchEnvironment {
  npsBaseUrl: string;
  npsApiKey: string | undefined;
  wikidataSparqlUrl: string;
}

export interface MethodContext {
  fetcher: PoliteFetcher;
  now: Date;
  landmark: { slug: string; name: string; wikidata: string };
  environment: WatchEnvironment;
}

export const failed = (checkedUrl: string, error: string): SourceReading => ({ ok: false, checkedUrl, error });

/**
 * A closure's days as a report can carry them on the day read: none when it is over or starts past
 * the horizon; `from` only for a closure that has not begun (one already under way starts on the
 * day read, as a report observed that day says).
 */
export function periodOnReadDay(from: string | undefined, until: string | undefined, now: Date): { from?: string; until?: string } | undefined {
  const today = dayOfInstant(now.getTime());
  if (until !== undefined && until < today) return undefined;
  if (from !== undefined && from > addDays(today, watchHorizonDays)) return undefined;
  const keepFrom = from !== undefined && from > today ? from : undefined;
  return { ...(keepFrom !== undefined ? { from: keepFrom } : {}), ...(until !== undefined ? { until } : {}) };
}

/** A summary is one line of at most 200 characters. */
export function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}
