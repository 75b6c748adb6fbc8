import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticCatalogueInput } from '../../scripts/lib/synthetic-content.ts';
import { includedReportLimit, recentReportLimit } from '../../src/domain/api-limits.ts';
import { buildCatalogue } from '../../src/domain/catalogue.ts';
import { conditionOn } from '../../src/domain/condition-timeline.ts';
import { keptReports } from '../../src/domain/landmark-reports.ts';
import { apiError, landmarkDetail, landmarkReportList, landmarkStatus } from '../../src/schema/api.ts';
import { emitApiSite } from '../support/api-site.ts';
import { testSiteUrl } from '../support/build.ts';
import { startSite, type RunningSite } from '../support/worker.ts';

// A skewed catalogue, as famous places gather most reports: by a Zipf law of exponent 1.1 the most
// reported of 30 landmarks holds about a quarter of the 2,400 reports, and one report in three
// announces a period of up to a year, so hundreds are in effect at once.
const input = syntheticCatalogueInput({ landmarks: 30, reports: 2_400, seed: 11, skew: 1.1, announced: 1 / 3 });
const catalogue = buildCatalogue(input, testSiteUrl);
const heaviest = [...catalogue.landmarks].sort((a, b) => b.reportCount - a.reportCount)[0]!;
const lightest = [...catalogue.landmarks].sort((a, b) => a.reportCount - b.reportCount)[0]!;
const today = '2026-11-01';

let site: RunningSite;
beforeAll(async () => {
  site = await startSite(await emitApiSite(input), { fixedNow: `${today}T12:00:00Z` });
});
afterAll(async () => {
  await site?.dispose();
});

async function walk(slug: string, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const response = await site.get(`/api/public/v1/landmarks/${slug}/reports?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(response.status).toBe(200);
    const page = landmarkReportList.parse(await response.json());
    expect(page.reports.length).toBeLessThanOrEqual(limit);
    ids.push(...page.reports.map((report) => report.id));
    cursor = page.pagination.nextCursor;
  } while (cursor);
  return ids;
}

describe('a landmark with many reports', () => {
  it('holds at least a fifth of the catalogue, well past the bound', () => {
    expect(heaviest.reportCount).toBeGreaterThan(catalogue.reports.length / 5);
  });

  it('is answered with what matters on the day: the most recent reports and those in effect or upcoming, within a bound', async () => {
    const response = await site.get(`/api/public/v1/landmarks/${heaviest.slug}`);
    const text = await response.text();
    const body = landmarkDetail.parse(JSON.parse(text));
    const mattersToday = (report: (typeof heaviest.reports)[number]) => (report.from <= today ? today <= report.currentUntil : report.observedAt.slice(0, 10) <= today);
    const inEffectOrUpcoming = heaviest.reports.filter(mattersToday);
    expect(inEffectOrUpcoming.length + recentReportLimit).toBeGreaterThan(includedReportLimit);
    const included = body.reports.map((report) => report.id);
    // The most recent history first, then what is in effect or upcoming, newest confirmation first, within the bound.
    expect(included.slice(0, recentReportLimit)).toEqual(heaviest.reports.slice(0, recentReportLimit).map((report) => report.id));
    expect(included.length).toBeLessThanOrEqual(includedReportLimit);
    expect(body.reports.slice(recentReportLimit).every((report) => report.isCurrent || report.isUpcoming)).toBe(true);
    const order = new Map(heaviest.reports.map((report, index) => [report.id, index]));
    expect(included.map((id) => order.get(id)!)).toEqual([...included.map((id) => order.get(id)!)].sort((a, b) => a - b));
    // Announced periods in effect or ahead are kept at hand first: all of them are there while room is left.
    const periods = inEffectOrUpcoming.filter((report) => report.until !== null).map((report) => report.id);
    if (included.length < includedReportLimit) expect(included).toEqual(expect.arrayContaining(periods));
    expect(body.reportsIncluded).toEqual({
      count: included.length,
      omitted: heaviest.reportCount - included.length,
      recentLimit: recentReportLimit,
      limit: includedReportLimit,
      all: `${testSiteUrl}/api/public/v1/landmarks/${heaviest.slug}/reports`,
    });
    // The counts stay whole, and the current condition is the same as from every report.
    expect(body.reportCounts.total).toBe(heaviest.reportCount);
    expect(body.reportCounts.current).toBe(inEffectOrUpcoming.filter((report) => report.from <= today).length);
    expect(text.length).toBeLessThan(1_000_000);
  });

  it('is walked whole by listLandmarkReports: every report exactly once, newest observation first', { timeout: 120_000 }, async () => {
    for (const limit of [1, 37, 500]) {
      const ids = await walk(heaviest.slug, limit);
      expect(ids).toHaveLength(heaviest.reportCount);
      expect(new Set(ids)).toEqual(new Set(heaviest.reports.map((report) => report.id)));
      const observed = ids.map((id) => heaviest.reports.find((report) => report.id === id)!.observedAt);
      expect(observed).toEqual([...observed].sort().reverse());
    }
  });

  it('keeps a landmark with an ordinary history whole, as before', async () => {
    const body = landmarkDetail.parse(await (await site.get(`/api/public/v1/landmarks/${lightest.slug}`)).json());
    expect(body.reports.map((report) => report.id)).toEqual(lightest.reports.map((report) => report.id));
    expect(body.reportsIncluded.omitted).toBe(0);
  });

  it('refuses a cursor of another landmark, a bad limit and an unknown slug as the landmark list does', async () => {
    const other = landmarkReportList.parse(await (await site.get(`/api/public/v1/landmarks/${heaviest.slug}/reports?limit=1`)).json());
    const refused = [
      [`/api/public/v1/landmarks/${lightest.slug}/reports?cursor=${encodeURIComponent(other.pagination.nextCursor!)}`, 'cursor'],
      [`/api/public/v1/landmarks/${heaviest.slug}/reports?cursor=not-a-cursor`, 'cursor'],
      [`/api/public/v1/landmarks/${heaviest.slug}/reports?limit=1001`, 'limit'],
    ] as const;
    for (const [path, parameter] of refused) {
      const response = await site.get(path);
      expect(response.status, path).toBe(400);
      expect(apiError.parse(await response.json()).error.parameter, path).toBe(parameter);
    }
    expect((await site.get('/api/public/v1/landmarks/no-such-place/reports')).status).toBe(404);
  });

  it('has a Markdown twin that says what it leaves out, and pages of all reports that link to the next', async () => {
    const twin = await (await site.get(`/landmarks/${heaviest.slug}.md`)).text();
    expect(twin).toContain(`older reports are not listed: every report, newest observation first, at ${testSiteUrl}/landmarks/${heaviest.slug}/reports.md`);
    const seen: string[] = [];
    let next: string | undefined = `/landmarks/${heaviest.slug}/reports.md`;
    while (next) {
      const page: string = await (await site.get(next)).text();
      seen.push(...[...page.matchAll(/^- \[[^\]]*\]\([^)]*\/reports\/([a-z0-9]+)\)/gm)].map((match) => match[1]!));
      next = /^Older reports: (\S+)$/m.exec(page)?.[1]?.replace(testSiteUrl, '');
    }
    expect(seen.sort()).toEqual(heaviest.reports.map((report) => report.id).sort());
  });

  it('answers its status on any day with the deciding report, even one its bucket does not keep', async () => {
    const kept = new Set(keptReports(heaviest.reports).map((report) => report.id));
    const decidingOutsideBucket: string[] = [];
    for (const day of ['2025-11-15', '2026-02-01', '2026-05-20', '2026-08-31', today]) {
      const status = landmarkStatus.parse(await (await site.get(`/api/public/v1/landmarks/${heaviest.slug}/status?on=${day}`)).json());
      const deciding = conditionOn(heaviest.conditionTimeline, day);
      expect({ day, reportId: status.stretches[0]!.evidence?.reportId ?? null }).toEqual({ day, reportId: deciding?.inEffect ? deciding.condition.reportId : null });
      if (deciding?.inEffect && !kept.has(deciding.condition.reportId)) decidingOutsideBucket.push(day);
    }
    expect(decidingOutsideBucket.length).toBeGreaterThan(0);
  });
});
