import { describe, expect, it } from 'vitest';
import { buildCatalogue, summaryOf, type CatalogueInput } from '../../src/domain/catalogue.ts';
import { dataCurrencyOn } from '../../src/domain/data-currency.ts';
import { syntheticCatalogueInput } from '../../scripts/lib/synthetic-content.ts';
import type { ReportFrontmatter } from '../../src/schema/report-frontmatter.ts';

const landmark = (slug: string) => ({
  slug,
  description: '',
  frontmatter: { name: slug, aliases: [], location: { city: 'Paris', country: 'FR' }, coordinates: { lat: 48.8, lon: 2.3 }, wikidata: `Q${slug.length}${slug.charCodeAt(0)}` },
});
const report = (id: string, landmarkSlug: string, fields: Partial<ReportFrontmatter>) => ({
  id,
  landmarkSlug,
  details: '',
  frontmatter: { condition: 'closed', summary: id, observedAt: '2026-10-01', confirmations: [], source: { kind: 'official', url: 'https://example.org' }, additionalSources: [], ...fields } as ReportFrontmatter,
});
const input: CatalogueInput = {
  landmarks: [landmark('museum'), landmark('tower'), landmark('bridge'), landmark('chapel')],
  reports: [
    // Closed from 2027-01-05 to 2027-03-01, announced on 2026-10-01.
    report('closure', 'museum', { from: '2027-01-05', until: '2027-03-01' }),
    // Works until about 2030, reported on 2026-09-01.
    report('works', 'tower', { condition: 'refurbishment', observedAt: '2026-09-01', until: '2030-12-31', untilKind: 'estimated' }),
    // Open, seen on 2026-11-20: in effect for 60 days, but open is not "affected".
    report('seenopen', 'bridge', { condition: 'open', observedAt: '2026-11-20', source: { kind: 'traveller' } }),
  ],
};
const summaries = buildCatalogue(input, 'https://example.org').landmarks.map(summaryOf);
const everyOne = { affected: Infinity, announced: Infinity };

describe('how current the data set is on a day', () => {
  it('counts landmarks with a report in effect, lists those affected and what is announced next', () => {
    const currency = dataCurrencyOn(summaries, '2026-11-24', everyOne);
    expect(currency).toMatchObject({ day: '2026-11-24', landmarkCount: 4, withCurrentReport: 2, newestObservation: '2026-11-20' });
    expect(currency.affected.map(({ landmark, condition }) => [landmark.slug, condition.reportId])).toEqual([['tower', 'works']]);
    expect(currency.announced.map(({ landmark, condition }) => [landmark.slug, condition.from])).toEqual([['museum', '2027-01-05']]);
  });

  it('moves an announced closure from next to now on its first day', () => {
    const currency = dataCurrencyOn(summaries, '2027-01-05', everyOne);
    expect(currency.affected.map(({ condition }) => condition.reportId).sort()).toEqual(['closure', 'works']);
    expect(currency.announced).toEqual([]);
    // The bridge's open report (60 days from 2026-11-20) still holds too.
    expect(currency.withCurrentReport).toBe(3);
  });

  it('names, of a landmark\'s announcements, the soonest to start, announced by the day; the latest confirmed of a tie', () => {
    const announcements = buildCatalogue(
      {
        landmarks: [landmark('gallery')],
        reports: [
          report('later', 'gallery', { observedAt: '2026-10-01', from: '2027-02-01' }),
          report('soonold', 'gallery', { observedAt: '2026-10-05', from: '2027-01-10' }),
          report('soonnew', 'gallery', { observedAt: '2026-10-10', from: '2027-01-10' }),
        ],
      },
      'https://example.org',
    ).landmarks.map(summaryOf);
    const next = (day: string) => dataCurrencyOn(announcements, day, everyOne).announced.map(({ condition }) => condition.reportId);
    expect(next('2026-10-03')).toEqual(['later']);
    expect(next('2026-10-07')).toEqual(['soonold']);
    expect(next('2026-11-24')).toEqual(['soonnew']);
    // Begun: the next one still to start.
    expect(next('2027-01-15')).toEqual(['later']);
  });

  it('counts every affected and announced landmark, and gives the first of each as many as asked', () => {
    const many = buildCatalogue(syntheticCatalogueInput({ landmarks: 400, reports: 3000, seed: 5, realistic: true }), 'https://example.org').landmarks.map(summaryOf);
    const day = '2026-11-24';
    const all = dataCurrencyOn(many, day, everyOne);
    const shown = dataCurrencyOn(many, day, { affected: 8, announced: 5 });
    // Enough of each that the first few are a choice.
    expect(all.affected.length).toBeGreaterThan(8);
    expect(all.announced.length).toBeGreaterThan(5);
    expect(shown).toEqual({ ...all, affected: all.affected.slice(0, 8), announced: all.announced.slice(0, 5) });
    expect([shown.affectedCount, shown.announcedCount]).toEqual([all.affected.length, all.announced.length]);
  });
});
