import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/load/load-content.ts';
import { loadPopularity } from '../../src/load/popularity.ts';
import { featuredLandmarks, landmarkDetail, landmarkStatus } from '../../src/schema/api.ts';
import { sharedCommittedContent } from '../support/shared-build.ts';
import { startSite, type RunningSite } from '../support/worker.ts';

// The content as a fresh clone has it: what git holds at HEAD, with no popularity file made on a
// deploy, built and served as a new contributor's `npm start` would.
let clone: string;
let site: RunningSite;
beforeAll(async () => {
  const committed = await sharedCommittedContent();
  clone = committed.contentRoot;
  site = await startSite(committed.dist);
}, 300_000);
afterAll(async () => {
  await site?.dispose();
});

describe('the featured route on a fresh clone', () => {
  it('lists the 50 landmarks with the most Wikipedia editions in the committed popularity file', async () => {
    const [{ content }, popularity] = await Promise.all([loadContent({ root: clone, now: new Date(), readCommitTimes: false }), loadPopularity(clone)]);
    expect(popularity.problems).toEqual([]);
    const counted = content.landmarks
      .flatMap((landmark) => {
        const count = popularity.sitelinks.get(landmark.frontmatter.wikidata);
        return count === undefined ? [] : [count];
      })
      .sort((a, b) => b - a);
    expect(counted.length).toBeGreaterThanOrEqual(50);

    const featured = featuredLandmarks.parse(await (await site.get('/api/public/v1/featured')).json());
    expect(featured.popular).toHaveLength(50);
    // Ranked by the file's counts alone: the top 50 counts, in order, whatever their reports.
    expect(featured.popular.map((landmark) => landmark.wikipediaEditions)).toEqual(counted.slice(0, 50));
  });

  it('says plainly of an imported landmark with no report and no city that its condition is unknown, and asks for the first report', async () => {
    const featured = featuredLandmarks.parse(await (await site.get('/api/public/v1/featured')).json());
    const imported = featured.popular.find((landmark) => landmark.location.city === null && landmark.reportCounts.total === 0)!;
    expect(imported).toBeDefined();
    const detail = landmarkDetail.parse(await (await site.get(`/api/public/v1/landmarks/${imported.slug}`)).json());
    expect(detail.currentCondition).toBeNull();
    const status = landmarkStatus.parse(await (await site.get(`/api/public/v1/landmarks/${imported.slug}/status`)).json());
    expect(status).toMatchObject({ answer: 'unknown', reason: 'Nobody has reported on this landmark yet, so its condition is unknown; a first report is welcome.' });
    const page = await site.get(`/landmarks/${imported.slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Unknown: nobody has reported on it yet.');
    expect(html).toContain('<a href="#report">Write the first report</a>');
    // The place is the country alone: no empty city, no stray comma.
    expect(html).toContain(`<p class="lead">${detail.location.countryName}`);
    const markdown = await (await site.get(`/landmarks/${imported.slug}.md`)).text();
    expect(markdown).toContain('Unknown: nobody has reported on it yet.');
  });
});
