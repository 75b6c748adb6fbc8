import { describe, expect, it } from 'vitest';
import type { PageData } from '../../src/emit/page-handover.ts';
import { pageSection, withSectionsMadeAgain } from '../../src/emit/page-sections.ts';

/** Page data with one change by a landmark whose name holds markup, and one download. */
function pageDataWith(landmarkName: string, reportsBytes: number): PageData {
  return {
    builtOn: '2026-12-05',
    currency: { landmarkCount: 2, withCurrentReport: 1, affectedCount: 1, affected: [], announcedCount: 0, announced: [], newestObservation: '2026-12-01' },
    popular: [],
    latestChanges: [
      { landmark: { name: landmarkName }, condition: 'closed', summary: 'Closed <for> "works" & more.', updatedAt: '2026-12-01T10:00:00Z', urls: { html: 'http://lcr.test/reports/abc' } },
    ],
    worldMap: { kind: 'landmarks', markers: [] },
    downloads: [{ name: 'reports-ndjson', title: 'Reports', format: 'ndjson', path: 'reports.ndjson', bytes: reportsBytes }],
  } as unknown as PageData;
}

const site = 'http://lcr.test/';
const page = (data: PageData) => `<main><h2>Latest changes</h2>${pageSection('latest-changes', data, site)}<p>${pageSection('download-rows', data, site)}</p></main>`;

describe('the sections of a built page made again from new data', () => {
  it('are the sections a page built with that data holds, and nothing else changes', () => {
    const before = page(pageDataWith('Old Bridge', 1000));
    const after = pageDataWith('New Bridge', 2048);
    expect(withSectionsMadeAgain(before, after, site)).toBe(page(after));
    expect(withSectionsMadeAgain(before, after, site)).toContain('<span title="2048 bytes">2.0 KiB</span>');
  });

  it("escape a contributor's text, so that it never becomes markup", () => {
    const made = pageSection('latest-changes', pageDataWith('<b>Tower</b> & Co', 1), site);
    expect(made).toContain('&lt;b&gt;Tower&lt;/b&gt; &amp; Co: closed</a>');
    expect(made).toContain('Closed &lt;for&gt; &quot;works&quot; &amp; more.');
    expect(made).not.toContain('<b>');
  });

  it('are not made again in a page naming a section this code does not make: Astro builds that page', () => {
    expect(withSectionsMadeAgain('<p><!--data:retired-section-->old<!--/data:retired-section--></p>', pageDataWith('A', 1), site)).toBeUndefined();
    expect(() => pageSection('retired-section', pageDataWith('A', 1), site)).toThrow('no page section is named "retired-section"');
  });
});
