import { z } from 'zod';
import { calendarDate } from './calendar-date.ts';

/**
 * `content/popularity.yaml`: how many Wikipedia language editions have an article on each
 * landmark (its Wikidata sitelinks to Wikipedias), the external ranking behind "popular".
 */
export const popularityFile = z.strictObject({
  retrievedAt: calendarDate.describe('When the counts were read from Wikidata.'),
  sitelinks: z
    .record(z.string().regex(/^Q[1-9]\d*$/, { error: 'expected a Wikidata item id like "Q243"' }), z.int().nonnegative())
    .describe('Wikidata item id -> number of Wikipedia language editions.'),
});

export type PopularityFile = z.infer<typeof popularityFile>;
