import { describe, expect, it } from 'vitest';
import { buildCatalogue, type CatalogueInput } from '../../src/domain/catalogue.ts';
import { presentLandmarkDetail, presentLandmarkSummary } from '../../src/domain/present.ts';
import { summaryOf } from '../../src/domain/catalogue.ts';

const landmark = (slug: string, name: string): CatalogueInput['landmarks'][number] => ({
  slug,
  description: '',
  frontmatter: { name, aliases: [], location: { city: 'Paris', country: 'FR' }, coordinates: { lat: 1, lon: 2 }, wikidata: 'Q1' },
});

const input: CatalogueInput = {
  landmarks: [landmark('tower', 'Tower'), landmark('arch', 'Arch')],
  reports: [
    {
      id: 'older1',
      landmarkSlug: 'tower',
      details: '',
      frontmatter: { condition: 'scaffolding', summary: 'Scaffolding', observedAt: '2026-01-01', confirmations: [{ date: '2026-03-01' }], source: { kind: 'traveller' }, additionalSources: [] },
    },
    {
      id: 'newer2',
      landmarkSlug: 'tower',
      details: '',
      committedAt: '2026-02-11T10:00:00Z',
      frontmatter: { condition: 'closed', summary: 'Strike', observedAt: '2026-02-10', confirmations: [], source: { kind: 'traveller' }, additionalSources: [] },
    },
  ],
};

describe('catalogue', () => {
  const catalogue = buildCatalogue(input, 'https://example.org/');

  it('sorts landmarks by slug and gives canonical URLs from the site URL', () => {
    expect(catalogue.landmarks.map((l) => l.slug)).toEqual(['arch', 'tower']);
    expect(catalogue.landmarks[1]!.urls).toEqual({
      html: 'https://example.org/landmarks/tower',
      json: 'https://example.org/api/public/v1/landmarks/tower',
      markdown: 'https://example.org/landmarks/tower.md',
    });
  });

  it('takes the current condition from the most recently confirmed report, not the latest observed', () => {
    const tower = catalogue.landmarks[1]!;
    expect(tower.currentCondition?.reportId).toBe('older1');
    expect(tower.latestObservedAt).toBe('2026-02-10');
    expect(tower.reports.map((r) => r.id)).toEqual(['older1', 'newer2']);
  });

  it('counts current reports at the moment asked, without a rebuild', () => {
    const tower = summaryOf(catalogue.landmarks[1]!);
    expect(presentLandmarkSummary(tower, new Date('2026-02-20T00:00:00Z')).reportCounts).toEqual({ total: 2, current: 2 });
    expect(presentLandmarkSummary(tower, new Date('2026-03-01T00:00:00Z')).reportCounts).toEqual({ total: 2, current: 1 });
    expect(presentLandmarkSummary(tower, new Date('2026-06-01T00:00:00Z')).reportCounts).toEqual({ total: 2, current: 0 });
  });

  it('marks each report current or not as of the request', () => {
    const detail = presentLandmarkDetail(catalogue.landmarks[1]!, new Date('2026-03-01T00:00:00Z'));
    expect(detail.reports.map((r) => [r.id, r.isCurrent])).toEqual([['older1', true], ['newer2', false]]);
    expect(detail.currentCondition?.isCurrent).toBe(true);
  });

  it('dates a report by its last commit, or by its latest date without git history', () => {
    expect(catalogue.reports.find((r) => r.id === 'newer2')!.updatedAt).toBe('2026-02-11T10:00:00Z');
    expect(catalogue.reports.find((r) => r.id === 'older1')!.updatedAt).toBe('2026-03-01T00:00:00Z');
  });

  it('gives a landmark without reports no current condition and zero counts', () => {
    const arch = presentLandmarkSummary(summaryOf(catalogue.landmarks[0]!), new Date());
    expect(arch.currentCondition).toBeNull();
    expect(arch.latestObservedAt).toBeNull();
    expect(arch.reportCounts).toEqual({ total: 0, current: 0 });
  });
});
