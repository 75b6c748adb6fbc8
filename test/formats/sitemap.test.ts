import { describe, expect, it } from 'vitest';
import type { Catalogue } from '../../src/domain/catalogue.ts';
import { maxSitemapUrls, sitemapEntries, sitemapIndex, sitemapPartCount, sitemapPartRange, sitemapUrlCount, urlSet } from '../../src/formats/sitemap.ts';

/** Only what the sitemap reads of a catalogue: ids, URLs and update times. */
function catalogueOf(landmarkCount: number, reportsPerLandmark: number): Catalogue {
  const landmarks = Array.from({ length: landmarkCount }, (_, index) => {
    const reports = Array.from({ length: reportsPerLandmark }, (_, number) => ({
      id: `r${String(index).padStart(6, '0')}-${number}`,
      urls: { html: `https://lcr.test/reports/r${index}-${number}` },
      updatedAt: `2026-0${1 + ((index + number) % 9)}-01T00:00:00Z`,
    }));
    return { urls: { html: `https://lcr.test/landmarks/l${index}` }, reports };
  });
  return { siteUrl: 'https://lcr.test/', landmarks, reports: landmarks.flatMap((landmark) => landmark.reports) } as unknown as Catalogue;
}

describe('the sitemap', () => {
  it('stays one file up to the protocol’s 50,000 URLs', () => {
    expect(sitemapPartCount(1)).toBe(0);
    expect(sitemapPartCount(maxSitemapUrls)).toBe(0);
  });

  it('becomes an index of parts past it, each URL in exactly one part and in order', () => {
    const catalogue = catalogueOf(40_000, 3);
    const whole = sitemapEntries(catalogue);
    expect(whole).toHaveLength(sitemapUrlCount(catalogue));
    expect(whole).toHaveLength(3 + 40_000 + 120_000);
    const parts = sitemapPartCount(whole.length);
    expect(parts).toBe(4);
    const made = Array.from({ length: parts }, (_, index) => {
      const { start, end } = sitemapPartRange(index + 1);
      return sitemapEntries(catalogue, start, end);
    });
    expect(made.every((part) => part.length > 0 && part.length <= maxSitemapUrls)).toBe(true);
    expect(made.flat()).toEqual(whole);
    expect(made[0]![0]).toEqual({ url: 'https://lcr.test/', lastModified: '2026-09-01T00:00:00Z' });
    expect(made[1]![0]!.url).toBe(whole[maxSitemapUrls]!.url);
    expect(sitemapPartCount(1_100_003)).toBe(23);
    const index = sitemapIndex('https://lcr.test/', 23);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index.match(/<sitemap><loc>/g)).toHaveLength(23);
    expect(index).toContain('<loc>https://lcr.test/sitemaps/23.xml</loc>');
  });

  it('escapes what a URL may carry', () => {
    expect(urlSet([{ url: 'https://lcr.test/?a=1&b=2' }])).toContain('<loc>https://lcr.test/?a=1&amp;b=2</loc>');
  });
});
