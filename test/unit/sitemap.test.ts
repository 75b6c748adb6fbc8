import { describe, expect, it } from 'vitest';
import { maxSitemapUrls, sitemapIndex, sitemapPart, sitemapPartCount, urlSet } from '../../src/domain/sitemap.ts';

describe('the sitemap', () => {
  it('stays one file up to the protocol’s 50,000 URLs', () => {
    expect(sitemapPartCount(1)).toBe(0);
    expect(sitemapPartCount(maxSitemapUrls)).toBe(0);
  });

  it('becomes an index of parts past it, each URL in exactly one part', () => {
    const entries = Array.from({ length: 1_100_004 }, (_, index) => ({ url: `https://lcr.test/reports/r${index}` }));
    const parts = sitemapPartCount(entries.length);
    expect(parts).toBe(23);
    const sizes = Array.from({ length: parts }, (_, index) => sitemapPart(entries, index + 1).length);
    expect(sizes.every((size) => size <= maxSitemapUrls)).toBe(true);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(entries.length);
    expect(sitemapPart(entries, 23)[0]).toBe(entries[22 * maxSitemapUrls]);
    const index = sitemapIndex('https://lcr.test/', parts);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index.match(/<sitemap><loc>/g)).toHaveLength(23);
    expect(index).toContain('<loc>https://lcr.test/sitemaps/23.xml</loc>');
  });

  it('escapes what a URL may carry', () => {
    expect(urlSet([{ url: 'https://lcr.test/?a=1&b=2' }])).toContain('<loc>https://lcr.test/?a=1&amp;b=2</loc>');
  });
});
