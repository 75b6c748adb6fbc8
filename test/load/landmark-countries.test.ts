import { describe, expect, it } from 'vitest';
import { countryAt, hasCountryShape, isNearCountry } from '../../src/load/country-shapes.ts';
import { loadContent } from '../../src/load/load-content.ts';
import { projectRoot } from '../support/build.ts';

/** Landmarks on a border, whose point lies in the neighbour's shape: either country is right. */
const onABorder: Record<string, string> = {
  'iguazu-falls': 'the falls are shared by Argentina and Brazil; the point is on the Argentine side',
};

describe('the bundled catalogue', () => {
  it('places every landmark inside its country (within 5 km of its 1:50m shape, for coasts and small states)', async () => {
    const { content, problems } = await loadContent({ root: projectRoot, now: new Date(), readCommitTimes: false });
    expect(problems).toEqual([]);
    expect(content.landmarks.length).toBeGreaterThanOrEqual(3000);
    expect(new Set(content.landmarks.map((landmark) => landmark.frontmatter.location.country)).size).toBeGreaterThanOrEqual(150);
    const elsewhere = content.landmarks.flatMap(({ slug, file, frontmatter }) => {
      const { lat, lon } = frontmatter.coordinates;
      const { country } = frontmatter.location;
      const at = countryAt(lat, lon);
      // A point in no shape is an island or a coast the shapes leave out: nothing says otherwise.
      if (at.kind === 'none' || (at.kind === 'country' && at.code === country)) return [];
      if (!hasCountryShape(country) || isNearCountry(lat, lon, country) || onABorder[slug]) return [];
      return [`${file}: ${country}, but ${lat}, ${lon} is in ${at.kind === 'country' ? at.code : at.shapeName}`];
    });
    expect(elsewhere).toEqual([]);
  }, 60_000);
});
