import type { Catalogue } from '../domain/catalogue.ts';
import { sitemapEntries, sitemapIndex, sitemapPartCount, sitemapPartPath, sitemapPartRange, sitemapPath, sitemapSpans, sitemapUrlCount, urlSet } from '../formats/sitemap.ts';
import type { DataFile } from '../api/data-products/product.ts';

/**
 * sitemap.xml and, past the protocol's 50,000 URLs, the parts it indexes. The build writes them
 * itself rather than through Astro so that a part whose records kept their input digests is linked
 * from the output store: at a million reports, making the 23 parts took 2-3 s of every rebuild,
 * and Astro's 5 MB response buffer for each set off V8 collections of the whole heap.
 */
export function* sitemapFiles(catalogue: Catalogue): Generator<DataFile> {
  const parts = sitemapPartCount(sitemapUrlCount(catalogue));
  if (parts === 0) {
    yield { sitePath: sitemapPath, contents: () => urlSet(sitemapEntries(catalogue)) };
    return;
  }
  yield { sitePath: sitemapPath, contents: () => sitemapIndex(catalogue.siteUrl, parts) };
  const digests = catalogue.inputDigests;
  for (let part = 1; part <= parts; part++) {
    const { start, end } = sitemapPartRange(part);
    const contents = () => urlSet(sitemapEntries(catalogue, start, end));
    if (!digests) {
      yield { sitePath: sitemapPartPath(part), contents };
      continue;
    }
    const spans = sitemapSpans(catalogue, start, end);
    // The site's own pages are dated by the newest report: a part listing them depends on every report.
    const listsSitePages = spans.sitePages[0] < spans.sitePages[1];
    const madeFrom = () => [
      ...(listsSitePages ? [digests.reports.range(0, catalogue.reports.length)] : []),
      digests.landmarks.range(...spans.landmarks),
      digests.reports.range(...spans.reports),
    ];
    yield { sitePath: sitemapPartPath(part), contents, madeFrom };
  }
}
