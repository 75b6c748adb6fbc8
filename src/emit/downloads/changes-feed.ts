import { atomFeed } from '../../formats/atom-feed.ts';
import { downloadPaths } from '../../formats/download-resources.ts';
import { siteUrls } from '../../domain/urls.ts';
import { changeOrder } from '../../domain/changes.ts';
import { withUrls, type Catalogue } from '../../domain/catalogue.ts';
import type { CatalogueReport } from '../../schema/api.ts';

/**
 * The Atom feed of changes for feed readers: the most recently updated reports, newest first. The
 * feed's own `updated` is the newest report's updatedAt: no build timestamp, so the same content
 * gives the same bytes.
 */

export const changesFeedLength = 100;

/** The `count` most recently updated reports, newest first: the changes API's order, reversed. */
export function latestChanges(reports: readonly CatalogueReport[], count = changesFeedLength): CatalogueReport[] {
  return changeOrder(reports).slice(-count).reverse().map((index) => reports[index]!);
}

export function changesFeed(catalogue: Pick<Catalogue, 'reports' | 'evidence' | 'siteUrl'>): string {
  const { reports, siteUrl } = catalogue;
  const urls = siteUrls(siteUrl);
  const frame = {
    selfUrl: urls.absolute(downloadPaths.changesFeed),
    pageUrl: urls.absolute(downloadPaths.page),
    title: 'Landmark Condition Reports: latest changes',
    subtitle: `The ${changesFeedLength} most recently updated condition reports: closures, scaffolding, refurbishment, restricted access and blocked views.`,
  };
  return atomFeed(frame, latestChanges(reports).map((report) => withUrls(report, catalogue)));
}
