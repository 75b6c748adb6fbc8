import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { report } from '../../src/schema/api.ts';
import { buildSiteFrom, projectRoot } from '../support/build.ts';
import { startSite } from '../support/worker.ts';

// scaf01test: scaffolding observed 2026-01-10, last confirmed 2026-02-01, so current until 2026-05-02.
const fixture = path.join(projectRoot, 'test/fixtures/small-site');
let distDir: string;
beforeAll(async () => {
  distDir = await buildSiteFrom(fixture);
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
