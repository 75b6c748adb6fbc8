import { beforeAll, describe, expect, it } from 'vitest';
import { report } from '../../src/schema/api.ts';
import { smallSite } from '../support/content-files.ts';
import { sharedSiteOf } from '../support/shared-build.ts';
import { startSite } from '../support/worker.ts';

// scaf01test: scaffolding observed 2026-01-10, last confirmed 2026-02-01, so current until 2026-05-02.
let distDir: string;
beforeAll(async () => {
  distDir = await sharedSiteOf(smallSite);
});

async function reportAndCountsAt(fixedNow: string) {
  const site = await startSite(distDir, { fixedNow });
  try {
    const single = report.parse(await (await site.get('/api/public/v1/reports/scaf01test')).json());
    const list = (await (await site.get('/api/public/v1/landmarks')).json()) as { landmarks: { slug: string; reportCounts: { current: number }; currentCondition: { isCurrent: boolean } | null }[] };
    const tower = list.landmarks.find((landmark) => landmark.slug === 'tower-of-tests')!;
    return { isCurrent: single.isCurrent, current: tower.reportCounts.current, conditionIsCurrent: tower.currentCondition?.isCurrent };
  } finally {
    await site.dispose();
  }
}

describe('isCurrent is computed when the request is answered, from the same built files', () => {
  it('is true on the last day of currentUntil', async () => {
    expect(await reportAndCountsAt('2026-05-02T23:59:59Z')).toEqual({ isCurrent: true, current: 1, conditionIsCurrent: true });
  });

  it('turns false once the clock passes currentUntil, without a rebuild', async () => {
    expect(await reportAndCountsAt('2026-05-03T00:00:00Z')).toEqual({ isCurrent: false, current: 0, conditionIsCurrent: false });
  });
});

describe('pages mark what is no longer current as they are served, from the same built files', () => {
  /** data-current of each element carrying the scaffolding report's date (current until 2026-05-02). */
  const marksOf = (html: string) => [...html.matchAll(/data-current-until="2026-05-02"[^>]*?data-current="(yes|no)"/g)].map((match) => match[1]);

  async function pagesAt(fixedNow: string, check: (site: Awaited<ReturnType<typeof startSite>>) => Promise<void>) {
    const site = await startSite(distDir, { fixedNow });
    try {
      await check(site);
    } finally {
      await site.dispose();
    }
  }

  it('marks map markers and freshness lines current on the last day, and not the day after', async () => {
    for (const [fixedNow, mark] of [['2026-05-02T23:59:59Z', 'yes'], ['2026-05-03T00:00:00Z', 'no']] as const) {
      await pagesAt(fixedNow, async (site) => {
        const home = marksOf(await (await site.get('/')).text());
        const landmark = marksOf(await (await site.get('/landmarks/tower-of-tests')).text());
        // Home: the map marker and the popular list's line; landmark page: condition, locator marker, timeline.
        expect({ fixedNow, home, landmark }).toEqual({ fixedNow, home: [mark, mark], landmark: [mark, mark, mark] });
      });
    }
  });

  it('gives a page an ETag per day, answering 304 to the same day and the new page the next', async () => {
    let etag = '';
    await pagesAt('2026-05-02T12:00:00Z', async (site) => {
      const first = await site.get('/landmarks/tower-of-tests');
      await first.arrayBuffer();
      etag = first.headers.get('etag') ?? '';
      expect(etag).toMatch(/^(W\/)?".+-2026-05-02"$/);
      const again = await site.get('/landmarks/tower-of-tests', { headers: { 'If-None-Match': etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      const head = await site.get('/landmarks/tower-of-tests', { method: 'HEAD' });
      expect([head.status, head.headers.get('etag'), await head.text()]).toEqual([200, etag, '']);
      // The Markdown twin keeps its own, unchanged ETag and 304.
      const twin = await site.get('/landmarks/tower-of-tests.md');
      await twin.arrayBuffer();
      const twinAgain = await site.get('/landmarks/tower-of-tests.md', { headers: { 'If-None-Match': twin.headers.get('etag')! } });
      expect(twinAgain.status).toBe(304);
    });
    await pagesAt('2026-05-03T12:00:00Z', async (site) => {
      const nextDay = await site.get('/landmarks/tower-of-tests', { headers: { 'If-None-Match': etag } });
      expect(nextDay.status).toBe(200);
      expect(nextDay.headers.get('etag')).toMatch(/-2026-05-03"$/);
      expect(marksOf(await nextDay.text())).toEqual(['no', 'no', 'no']);
    });
  });
});
