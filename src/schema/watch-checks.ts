import { z } from 'zod';
import { calendarDate } from './calendar-date.ts';
import { landmarkSlug } from './landmark-frontmatter.ts';
import { watchMethods } from './watch-sources.ts';

/**
 * `content/watch/checks.yaml`: what `npm run watch` last found at each landmark's watched sources,
 * written by the scheduled workflow straight to main (as the popularity counts are). The status
 * route reads it to say what was checked, and, for sources that list dated closures, to answer
 * "open" with a recent successful check as evidence.
 */
export const watchOutcomeMeanings = {
  ok: 'read, and it listed items',
  empty: 'read, and it listed no items',
  failed: 'could not be read (an HTTP error, a timeout, a body that does not parse, or no items where some were expected)',
  disabled: 'paused in the landmark\'s watch: list',
} as const;

export type WatchOutcome = keyof typeof watchOutcomeMeanings;
export const watchOutcomes = Object.keys(watchOutcomeMeanings) as [WatchOutcome, ...WatchOutcome[]];

export const sourceCheck = z.strictObject({
  method: z.enum(watchMethods),
  url: z.string().min(1).describe('The address read (the NPS parks endpoint, the page, the calendar, the feed, the SPARQL query).'),
  checkedAt: z.iso.datetime().describe('When the source was last tried.'),
  outcome: z.enum(watchOutcomes).describe(Object.entries(watchOutcomeMeanings).map(([outcome, meaning]) => `${outcome}: ${meaning}`).join('; ') + '.'),
  items: z.int().nonnegative().describe('Items the source listed at its last successful read.'),
  lastSuccessAt: z.iso.datetime().optional().describe('When the source was last read successfully.'),
  error: z.string().max(500).optional().describe('Why the last try failed, or why the source is paused.'),
  closures: z
    .array(z.tuple([calendarDate, calendarDate]))
    .optional()
    .describe('Of a source that lists dated closures: the periods of closure it listed at its last successful read, [first day, last day] (an undated closure alert counts to the horizon).'),
});

export const watchChecksFile = z.strictObject({
  checks: z
    .record(landmarkSlug, z.record(z.string().min(1), sourceCheck))
    .describe('Landmark slug -> source key (like "nps:grca" or "ical:https://…") -> its last check.'),
});

export type SourceCheck = z.infer<typeof sourceCheck>;
export type WatchChecksFile = z.infer<typeof watchChecksFile>;

export const watchChecksPath = 'content/watch/checks.yaml';
