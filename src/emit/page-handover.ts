import { summariesOf, type Catalogue } from '../domain/catalogue.ts';
import { lastChanges } from '../domain/changes.ts';
import { dataCurrencyOn, type DataCurrency } from '../domain/data-currency.ts';
import { popularLandmarks } from '../domain/featured.ts';
import { worldMapMarkers, type WorldMapMarkers } from '../formats/map-markers.ts';
import type { StoredChange, StoredLandmarkSummary } from '../schema/api.ts';
import type { ListedResource } from './downloads/datapackage.ts';

/**
 * What the build hands the Astro pages: what they show of the catalogue (made while the build
 * holds it, so that the pages never read `content/` again and the catalogue is released before
 * Astro runs: a million reports and Astro's bundler in one heap were the build's peak) and the
 * downloads' files and sizes (so the download page shows the real ones). Astro renders the pages
 * in this process, in modules bundled apart from the build's own, so the hand-over is a slot on the
 * global object under a registered symbol, never a file or a variable of the environment, and is
 * cleared when the pages are built.
 */
export interface PageData extends CatalogueOnPages {
  /** Every download as datapackage.json names it, less the hashes, which the page does not show. */
  downloads: ListedResource[];
}

/** Enough to scan at a glance; the API's /featured gives 50, the search box finds the rest. */
const popularShown = 8;
const changesShown = 6;
/** What is affected now and announced next, as of the build: enough to lead the home page; each landmark's page has the rest. */
const affectedShown = 8;
const announcedShown = 5;

/** What the home and about pages show of the catalogue, as of the day of the build. */
export interface CatalogueOnPages {
  /** The UTC day of the build: the pages say how current the data is as of it. */
  builtOn: string;
  /** How current the data is on that day: the counts, and the first of the affected and announced landmarks. */
  currency: DataCurrency;
  popular: StoredLandmarkSummary[];
  /** The latest changes, the latest first: the changes feed's end. */
  latestChanges: StoredChange[];
  worldMap: WorldMapMarkers;
}

/** The same rankings the API's /featured and /changes serve (the feed's order is the one the data files were made in), as of the build. */
export function catalogueOnPages(catalogue: Catalogue, builtOn: string): CatalogueOnPages {
  const summaries = summariesOf(catalogue.landmarks);
  return {
    builtOn,
    currency: dataCurrencyOn(summaries, builtOn, { affected: affectedShown, announced: announcedShown }),
    popular: popularLandmarks(summaries, popularShown),
    latestChanges: lastChanges(catalogue.reports, catalogue.siteUrl, changesShown).reverse(),
    worldMap: worldMapMarkers(summaries),
  };
}

const slot = Symbol.for('landmark-condition-reports.page-data');
type WithSlot = { [slot]?: PageData };

export async function withPageData<T>(data: PageData, buildPages: () => Promise<T>): Promise<T> {
  (globalThis as WithSlot)[slot] = data;
  try {
    return await buildPages();
  } finally {
    delete (globalThis as WithSlot)[slot];
  }
}

export function pageData(): PageData {
  const data = (globalThis as WithSlot)[slot];
  if (!data) throw new Error('the pages have no data: build the site with "npm run build", not "astro build"');
  return data;
}
