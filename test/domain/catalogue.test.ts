import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildCatalogue, type CatalogueInput, type ReportInput } from '../../src/domain/catalogue.ts';
import { presentLandmarkDetail, presentLandmarkSummary } from '../../src/api/present.ts';
import { answeredLandmark, summaryOf } from '../../src/domain/catalogue.ts';

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

  it('counts current reports on the day asked, without a rebuild', () => {
    const tower = summaryOf(catalogue.landmarks[1]!);
    expect(presentLandmarkSummary(tower, '2026-02-20').reportCounts).toEqual({ total: 2, current: 2 });
    expect(presentLandmarkSummary(tower, '2026-03-01').reportCounts).toEqual({ total: 2, current: 1 });
    expect(presentLandmarkSummary(tower, '2026-06-01').reportCounts).toEqual({ total: 2, current: 0 });
  });

  it('marks each report current or not as of the request', () => {
    const detail = presentLandmarkDetail(answeredLandmark(catalogue.landmarks[1]!, catalogue), '2026-03-01', 'https://example.org/api/public/v1/landmarks/tower/reports');
    expect(detail.reports.map((r) => [r.id, r.isCurrent])).toEqual([['older1', true], ['newer2', false]]);
    expect(detail.currentCondition?.isCurrent).toBe(true);
  });

  it('dates a report by its last commit, or by its latest date without git history', () => {
    expect(catalogue.reports.find((r) => r.id === 'newer2')!.updatedAt).toBe('2026-02-11T10:00:00Z');
    expect(catalogue.reports.find((r) => r.id === 'older1')!.updatedAt).toBe('2026-03-01T00:00:00Z');
  });

  it('gives each landmark its own reports, whatever order they come in', () => {
    const [older, newer] = input.reports as ReportInput[];
    const shuffled = buildCatalogue(
      { landmarks: input.landmarks, reports: [{ ...older!, id: 'zz9', landmarkSlug: 'arch' }, newer!, { ...older!, id: 'aa1' }] },
      'https://example.org/',
    );
    expect(shuffled.reports.map((r) => r.id)).toEqual(['aa1', 'newer2', 'zz9']);
    expect(shuffled.landmarks.map((l) => [l.slug, l.reports.map((r) => r.id)])).toEqual([['arch', ['zz9']], ['tower', ['aa1', 'newer2']]]);
  });

  it('gives a landmark without reports no current condition and zero counts', () => {
    const arch = presentLandmarkSummary(summaryOf(catalogue.landmarks[0]!), '2026-11-24');
    expect(arch.currentCondition).toBeNull();
    expect(arch.latestObservedAt).toBeNull();
    expect(arch.reportCounts).toEqual({ total: 0, current: 0 });
  });
});

describe('input digests', () => {
  const [older, newer] = input.reports as ReportInput[];
  const digest = (text: string) => createHash('sha256').update(text).digest('binary');
  const withBlobIds = (changes: { reportBlob?: string; towerBlob?: string; committedAt?: string; popularity?: number } = {}): CatalogueInput => ({
    landmarks: [
      { ...landmark('tower', 'Tower'), blobId: changes.towerBlob ?? 'tower-v1' },
      { ...landmark('arch', 'Arch'), blobId: 'arch-v1' },
    ],
    reports: [
      { ...older!, blobId: changes.reportBlob ?? 'older1-v1' },
      { ...newer!, blobId: 'newer2-v1', committedAt: changes.committedAt ?? '2026-02-11T10:00:00Z' },
    ],
    popularity: new Map([['Q1', changes.popularity ?? 10]]),
    digest,
  });
  const digestsOf = (catalogueInput: CatalogueInput) => {
    const { inputDigests } = buildCatalogue(catalogueInput, 'https://example.org/');
    const hex = (list: NonNullable<typeof inputDigests>['reports']) => Array.from({ length: list.length }, (_, index) => Buffer.from(list.at(index)).toString('hex'));
    return { reports: hex(inputDigests!.reports), landmarks: hex(inputDigests!.landmarks) };
  };
  const before = digestsOf(withBlobIds());

  it('are the same for the same input, one per record in catalogue order', () => {
    expect(digestsOf(withBlobIds())).toEqual(before);
    expect(before.reports).toHaveLength(2);
    expect(new Set([...before.reports, ...before.landmarks]).size).toBe(4);
  });

  it('change for the edited report and its landmark only', () => {
    const after = digestsOf(withBlobIds({ reportBlob: 'older1-v2' }));
    // Catalogue order is by id: newer2, then older1; arch, then tower.
    expect(after.reports[0]).toBe(before.reports[0]);
    expect(after.reports[1]).not.toBe(before.reports[1]);
    expect(after.landmarks[0]).toBe(before.landmarks[0]);
    expect(after.landmarks[1]).not.toBe(before.landmarks[1]);
  });

  it('change with a report\'s commit time, and with its landmark\'s file, whose name the report shows', () => {
    expect(digestsOf(withBlobIds({ committedAt: '2026-02-12T10:00:00Z' })).reports[0]).not.toBe(before.reports[0]);
    const landmarkEdited = digestsOf(withBlobIds({ towerBlob: 'tower-v2' }));
    expect(landmarkEdited.reports.every((value, index) => value !== before.reports[index])).toBe(true);
    expect(landmarkEdited.landmarks[0]).toBe(before.landmarks[0]);
  });

  it('change for a landmark whose popularity changed', () => {
    const after = digestsOf(withBlobIds({ popularity: 11 }));
    expect(after.landmarks.every((value, index) => value !== before.landmarks[index])).toBe(true);
    expect(after.reports).toEqual(before.reports);
  });

  it('are absent when a record\'s file identity is unknown, so nothing made from it is reused', () => {
    const partial = { ...withBlobIds(), reports: [{ ...older!, blobId: 'older1-v1' }, newer!] };
    expect(buildCatalogue(partial, 'https://example.org/').inputDigests).toBeUndefined();
    expect(buildCatalogue(input, 'https://example.org/').inputDigests).toBeUndefined();
  });
});
