import type { PopularityFile } from '../schema/popularity.ts';

/**
 * The text of `content/popularity.yaml`, ids in numeric order so that a refresh or an import
 * changes only the lines whose counts changed.
 */
export function popularityFileText({ retrievedAt, sitelinks }: PopularityFile): string {
  const lines = [
    '# Wikipedia language editions with an article on each landmark (Wikidata sitelinks to Wikipedias).',
    '# Written by `npm run update-popularity` (every landmark, on deploy) and `npm run import-landmarks` (counts an',
    '# imported file gives, for landmarks without one); do not edit by hand. Ranks the featured "popular" list.',
    '# retrievedAt is the day of the oldest reading among the counts.',
    `retrievedAt: ${retrievedAt}`,
    'sitelinks:',
    ...Object.entries(sitelinks)
      .sort(([a], [b]) => Number(a.slice(1)) - Number(b.slice(1)))
      .map(([id, count]) => `  ${id}: ${count}`),
    '',
  ];
  return lines.join('\n');
}
