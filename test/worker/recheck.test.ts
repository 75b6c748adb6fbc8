import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/schema/calendar.ts';
import { apiError, recheckList, type RecheckEntry } from '../../src/schema/api.ts';
import { buildSiteFrom } from '../support/build.ts';
import { writeContentTree } from '../support/content-files.ts';
import { startSite, type RunningSite } from '../support/worker.ts';

// 2,100 landmarks, so that the list's chunks (500 landmarks at least) are more than one request
// reads: every seventh has only an expired report, every eleventh only a closure announced ahead,
// the rest a report in effect. Popularity falls with the number, so the order is known.
const today = '2026-11-24';
const count = 2_100;
const slugOf = (index: number) => `landmark-${String(index).padStart(4, '0')}`;
const wikidataOf = (index: number) => `Q${index + 1}`;
const isStale = (index: number) => index % 7 === 0;
const isAnnouncedOnly = (index: number) => !isStale(index) && index % 11 === 0;

function content(): Record<string, string> {
  const files: Record<string, string> = {};
  const sitelinks: string[] = [];
  for (let index = 0; index < count; index++) {
    const slug = slugOf(index);
    files[`content/landmarks/${slug}.md`] = `---\nname: "Landmark ${index}"\nlocation:\n  city: Lyon\n  country: FR\ncoordinates:\n  lat: 45.76\n  lon: 4.83\nwikidata: ${wikidataOf(index)}\n---\nA landmark used by the tests.\n`;
    // Ties in popularity (every pair shares a count) are ordered by slug.
    sitelinks.push(`  ${wikidataOf(index)}: ${count - Math.floor(index / 2)}`);
    const period = isStale(index)
      ? `observedAt: 2025-01-0${1 + (index % 9)}`
      : isAnnouncedOnly(index)
        ? `observedAt: ${addDays(today, -3)}\nfrom: ${addDays(today, 20)}\nuntil: ${addDays(today, 40)}`
        : `observedAt: ${addDays(today, -10)}`;
    files[`content/reports/${slug}/r${String(index).padStart(5, '0')}x.md`] = `---\ncondition: scaffolding\nsummary: "Scaffolding on the front of landmark ${index}."\n${period}\nsource:\n  kind: traveller\n---\n`;
  }
  files['content/popularity.yaml'] = `retrievedAt: ${today}\nsitelinks:\n${sitelinks.join('\n')}\n`;
  return files;
}

let site: RunningSite;
beforeAll(async () => {
  site = await startSite(await buildSiteFrom(await writeContentTree(content())), { fixedNow: `${today}T12:00:00Z` });
}, 300_000);
afterAll(async () => {
  await site?.dispose();
});

async function walk(limit: number): Promise<{ entries: RecheckEntry[]; pages: number }> {
  const entries: RecheckEntry[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const response = await site.get(`/api/public/v1/recheck?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(response.status).toBe(200);
    const page = recheckList.parse(await response.json());
    expect(page.asOf).toBe(today);
    expect(page.landmarks.length).toBeLessThanOrEqual(limit);
    entries.push(...page.landmarks);
    cursor = page.pagination.nextCursor;
    pages++;
  } while (cursor !== null);
  return { entries, pages };
}

const expected = Array.from({ length: count }, (_, index) => index).filter((index) => isStale(index) || isAnnouncedOnly(index)).map(slugOf);

describe('listLandmarksToRecheck', () => {
  it('walks every landmark with nothing in effect today once, most popular first, whatever the page size', async () => {
    for (const limit of [1_000, 37]) {
      const { entries, pages } = await walk(limit);
      expect(entries.map((entry) => entry.slug)).toEqual(expected);
      expect(pages).toBeGreaterThanOrEqual(Math.ceil(expected.length / limit));
    }
  });

  it('says what was last known and what is announced, and links the landmark page', async () => {
    const { entries } = await walk(1_000);
    const stale = entries.find((entry) => entry.slug === slugOf(7))!;
    expect(stale.lastReport).toMatchObject({ condition: 'scaffolding', isCurrent: false, observedAt: '2025-01-08' });
    expect(stale.announcedFrom).toBeNull();
    const announced = entries.find((entry) => entry.slug === slugOf(11))!;
    expect(announced.announcedFrom).toBe(addDays(today, 20));
    expect(announced.urls.html).toMatch(/\/landmarks\/landmark-0011$/);
  });

  it('refuses a cursor of another list, and a limit out of range, with a JSON 400', async () => {
    const list = await (await site.get('/api/public/v1/landmarks?limit=1')).json() as { pagination: { nextCursor: string } };
    for (const query of [`cursor=${encodeURIComponent(list.pagination.nextCursor)}`, 'limit=0']) {
      const response = await site.get(`/api/public/v1/recheck?${query}`);
      expect(response.status, query).toBe(400);
      expect(apiError.parse(await response.json()).error.code).toBe('invalid_parameter');
    }
  });
});

describe('the /recheck page', () => {
  it('lists the first fifty with what was last known, a way to report and to confirm, and the next page', async () => {
    const response = await site.get('/recheck');
    expect(response.status).toBe(200);
    const html = await response.text();
    const listed = [...html.matchAll(/<a class="entry-title" href="\/landmarks\/([^"]+)">/g)].map((match) => match[1]);
    expect(listed).toEqual(expected.slice(0, 50));
    expect(html).toContain(`href="/landmarks/${slugOf(0)}#report"`);
    expect(html).toContain(`href="/landmarks/${slugOf(0)}#confirm"`);
    expect(html).toContain('Last known: scaffolding, observed 2025-01-01, current until 2025-04-01 (no longer current)');
    const next = /<a rel="next" href="([^"]+)">/.exec(html)![1]!.replace(/&amp;/g, '&');
    const second = await (await site.get(next)).text();
    expect([...second.matchAll(/<a class="entry-title" href="\/landmarks\/([^"]+)">/g)].map((match) => match[1])).toEqual(expected.slice(50, 100));
    const markdown = await site.get('/recheck.md');
    expect(markdown.headers.get('content-type')).toContain('text/markdown');
    expect(await markdown.text()).toContain(`- [Landmark 0](`);
  });
});
