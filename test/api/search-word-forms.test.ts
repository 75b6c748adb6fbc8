import { describe, expect, it } from 'vitest';
import { shardedSearch } from '../../scripts/lib/bench-search.ts';
import { buildCatalogue, summaryOf } from '../../src/domain/catalogue.ts';
import type { LandmarkRecord } from '../../src/load/records.ts';

const landmark = (slug: string, name: string, wikidata: string): LandmarkRecord => ({
  file: `content/landmarks/${slug}.md`,
  slug,
  frontmatter: { name, aliases: [], location: { country: 'RU' }, coordinates: { lat: 55.75, lon: 37.62 }, wikidata },
  description: '',
});

// Names as the catalogue has them; the ones that only share a prefix come first in slug order,
// so a tie would put them first.
const summaries = buildCatalogue(
  {
    landmarks: [
      landmark('jewish-quarter-and-st-procopius-basilica-in-trebic', "Jewish Quarter and St Procopius' Basilica in Třebíč", 'Q1'),
      landmark('mount-fuji', 'Mount Fuji', 'Q2'),
      landmark('st-basils-cathedral', "St. Basil's Cathedral", 'Q3'),
      landmark('st-marks-basilica', "St Mark's Basilica", 'Q4'),
      landmark('saint-peters-basilica', "Saint Peter's Basilica", 'Q5'),
      landmark('hagia-sophia', 'Hagia Sophia', 'Q6'),
      landmark('hagia-irene', 'Hagia Irene', 'Q7'),
      landmark('golden-gate-park', 'Golden Gate Park', 'Q8'),
      landmark('golden-gate-bridge', 'Golden Gate Bridge', 'Q9'),
      landmark('mont-saint-michel', 'Mont-Saint-Michel', 'Q10'),
    ],
    reports: [],
  },
  'https://x.test',
).landmarks.map(summaryOf);
const index = shardedSearch(summaries);
const ranked = async (query: string) => (await index.search(query)).slugs;

describe('search finds a name by the forms travellers type', () => {
  it('without the possessive: "st basil" is St. Basil\'s Cathedral first, not a basilica', async () => {
    expect((await ranked('st basil'))[0]).toBe('st-basils-cathedral');
    expect((await ranked('st basils'))[0]).toBe('st-basils-cathedral');
    expect((await ranked('st mark'))[0]).toBe('st-marks-basilica');
  });

  it('"f" for "ph", as names from Greek are written both ways', async () => {
    expect(await ranked('hagia sofia')).toEqual(['hagia-sophia']);
    expect(await ranked('hagia sophia')).toEqual(['hagia-sophia']);
    expect(await ranked('sofi')).toEqual(['hagia-sophia']);
  });

  it('three words of a name run together, or still being typed so', async () => {
    expect(await ranked('goldengatebridge')).toEqual(['golden-gate-bridge']);
    expect(await ranked('goldengatepark')).toEqual(['golden-gate-park']);
    expect(await ranked('montsaintmichel')).toEqual(['mont-saint-michel']);
    expect(await ranked('goldengatebri')).toEqual(['golden-gate-bridge']);
    expect(await ranked('goldengatebridge park')).toEqual([]);
  });

  it('"saint" for "St." and "st" for "Saint", "mt" for "Mount"', async () => {
    expect((await ranked('saint basil'))[0]).toBe('st-basils-cathedral');
    expect((await ranked('st peters basilica'))[0]).toBe('saint-peters-basilica');
    expect(await ranked('mt fuji')).toEqual(['mount-fuji']);
  });
});
