import { z } from 'zod';

/**
 * What `npm run watch` reads for a landmark (its `watch:` list): each entry one method and its
 * parameters, as endoflife.date's `auto: methods:` say how to read a product's upstream. The watch
 * reads what strangers' frontmatter names, so addresses are https only (and public ones only, which
 * the fetcher checks when it resolves them).
 */

const httpsUrl = z.url({ protocol: /^https$/, error: 'expected an https URL, like "https://museum.example/opening-hours"' });

const disabled = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .optional()
  .describe('Set to the reason to pause this source (e.g. "the page lost its opening hours in 2026-11"); the watch skips it and says why.');

/** How each method reads its source, and whether it lists dated closures (which can make a day "open"). */
export const watchMethodMeanings = {
  nps: 'US National Park Service API: alerts and operating-hours exceptions of one park (parkCode)',
  jsonld: 'schema.org JSON-LD on the operator\'s page: special opening hours with validFrom/validThrough',
  ical: 'the operator\'s iCalendar (RFC 5545) feed of closures',
  feed: 'the operator\'s news feed (RSS 2.0 or Atom), items whose title or text contains one of `match`',
  wikidata: 'Wikidata\'s state of use (P5817) of the landmark\'s own item, with start and end times',
} as const;

export type WatchMethod = keyof typeof watchMethodMeanings;

export const watchMethods = Object.keys(watchMethodMeanings) as [WatchMethod, ...WatchMethod[]];

/**
 * Methods whose source lists dated closures ahead: a successful recent read that lists none on a
 * day is evidence that the landmark is open that day (landmark-status.ts).
 */
export const datedClosureMethods: ReadonlySet<WatchMethod> = new Set(['nps', 'jsonld', 'ical']);

export const watchParameters = {
  nps: z.strictObject({
    parkCode: z
      .string()
      .regex(/^[a-z]{4}$/, { error: 'expected a park code of four lowercase letters, like "grca" (the NPS unit code)' })
      .describe('The park\'s four-letter NPS code, as in https://www.nps.gov/grca/.'),
    disabled,
  }),
  jsonld: z.strictObject({ url: httpsUrl.describe('The operator\'s page that carries openingHoursSpecification in JSON-LD.'), disabled }),
  ical: z.strictObject({ url: httpsUrl.describe('The operator\'s iCalendar feed.'), disabled }),
  feed: z.strictObject({
    url: httpsUrl.describe('The operator\'s RSS 2.0 or Atom feed.'),
    match: z
      .array(z.string().trim().min(2).max(50))
      .min(1)
      .max(20)
      .describe('Words that mark an item about a closure or works (matched in title and text, case and accents ignored), e.g. [closed, closure, works].'),
    disabled,
  }),
  wikidata: z.strictObject({ disabled }).describe('Reads the landmark\'s own Wikidata item; no parameters.'),
} satisfies Record<WatchMethod, z.ZodType>;

export const watchSource = z
  .strictObject({
    nps: watchParameters.nps.optional(),
    jsonld: watchParameters.jsonld.optional(),
    ical: watchParameters.ical.optional(),
    feed: watchParameters.feed.optional(),
    wikidata: watchParameters.wikidata.optional(),
  })
  .refine((entry) => Object.keys(entry).length === 1, {
    error: `expected exactly one method per entry, one of ${watchMethods.join(', ')}, like "- nps: { parkCode: grca }"`,
  })
  .describe(Object.entries(watchMethodMeanings).map(([method, meaning]) => `${method}: ${meaning}`).join('; ') + '.');

export type WatchSource = z.infer<typeof watchSource>;

/** A source as the watch handles it: its method, its parameters, and its key in the check records. */
export type WatchEntry = { [M in WatchMethod]: { method: M; parameters: z.infer<(typeof watchParameters)[M]>; key: string } }[WatchMethod];

/** The one method of an entry, with a key that names the source in the check records ("nps:grca", "ical:https://…"). */
export function watchEntryOf(source: WatchSource): WatchEntry {
  const method = watchMethods.find((name) => source[name] !== undefined)!;
  const parameters = source[method]!;
  const detail = method === 'nps' ? (parameters as { parkCode: string }).parkCode : method === 'wikidata' ? '' : (parameters as { url: string }).url;
  return { method, parameters, key: detail ? `${method}:${detail}` : method } as WatchEntry;
}

/** How far ahead a check of a dated-closure source speaks for: a day past it stays unknown. */
export const watchHorizonDays = 90;

/** How long a successful check of a dated-closure source stays evidence. */
export const watchCheckValidDays = 3;
