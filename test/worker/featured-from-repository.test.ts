import { execFileSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/load/load-content.ts';
import { loadPopularity } from '../../src/load/popularity.ts';
import { featuredLandmarks } from '../../src/schema/api.ts';
import { buildSiteFrom, projectRoot } from '../support/build.ts';
import { startSite, type RunningSite } from '../support/worker.ts';

// The content as a fresh clone has it: what git holds at HEAD, with no popularity file made on a
// deploy, built and served as a new contributor's `npm start` would.
let clone: string;
let site: RunningSite;
beforeAll(async () => {
  clone = await mkdtemp(path.join(tmpdir(), 'lcr-clone-'));
  const archive = execFileSync('git', ['archive', '--format=tar', 'HEAD', 'content'], { cwd: projectRoot, maxBuffer: 512 * 1024 * 1024 });
  execFileSync('tar', ['-x', '-C', clone], { input: archive });
  site = await startSite(await buildSiteFrom(clone));
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
});
