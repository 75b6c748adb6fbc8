import { escapeMarkup } from '../formats/escape-markup.ts';
import { downloadResources } from './downloads/download-formats.ts';
import type { PageData } from './page-handover.ts';
import { currencyOnAbout } from './page-sections/about.ts';
import { downloadRows, downloadSource, splitFiles } from './page-sections/downloads.ts';
import { affectedNow, announcedNext, currencyOnHome, latestChanges, popularLandmarks } from './page-sections/home.ts';
import { worldMapFigure } from './page-sections/world-map.ts';

/**
 * The sections of the built pages that show data: the catalogue as of the build, and the files of
 * its downloads. Everything else on a page depends only on the site's code, so a build whose code
 * is the last one's takes the pages Astro built then and makes only these again (kept-pages.ts):
 * Astro's import and build were most of a rebuild of the bundled content (2 s of 3.3 s).
 *
 * Each section is made here, never in a page: a page places it with `pageSection`, between
 * markers that `withSectionsMadeAgain` finds, so that both ways make the same bytes.
 */
const sections: Record<string, (data: PageData, site: string) => string> = {
  'landmark-count': ({ currency }) => String(currency.landmarkCount),
  'home-currency': (data) => currencyOnHome(data).text,
  'affected-now': (data) => affectedNow(data).text,
  'announced-next': (data) => announcedNext(data).text,
  'world-map': ({ worldMap }) => worldMapFigure(worldMap).text,
  'popular-landmarks': (data) => popularLandmarks(data).text,
  'latest-changes': (data) => latestChanges(data).text,
  'about-currency': (data) => currencyOnAbout(data).text,
  'download-rows': ({ downloads }, site) => downloadRows(downloads, site).text,
  'split-files': ({ downloads }, site) => String(splitFiles(downloads, site)),
  ...Object.fromEntries(downloadResources.map(({ name }) => [`download-source-${name}`, ({ downloads }: PageData, site: string) => escapeMarkup(downloadSource(downloads, name, site))])),
};

const marked = /<!--data:([a-z0-9-]+)-->[\s\S]*?<!--\/data:\1-->/g;

/** The section `name` made from `data`, between the markers that find it again; `site` is the site's origin. */
export function pageSection(name: string, data: PageData, site: string): string {
  const make = sections[name];
  if (!make) throw new Error(`no page section is named "${name}"`);
  return `<!--data:${name}-->${make(data, site)}<!--/data:${name}-->`;
}

/** `page` with each of its sections made again from `data`; undefined when it names a section this code does not make. */
export function withSectionsMadeAgain(page: string, data: PageData, site: string): string | undefined {
  let unknown = false;
  const made = page.replace(marked, (_, name: string) => {
    if (!Object.hasOwn(sections, name)) unknown = true;
    return unknown ? '' : pageSection(name, data, site);
  });
  return unknown ? undefined : made;
}

/** Whether `page` holds any section made from data. */
export const hasSections = (page: string): boolean => page.includes('<!--data:');
