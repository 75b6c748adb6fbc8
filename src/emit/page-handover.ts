import type { Catalogue } from '../domain/catalogue.ts';
import type { Datapackage } from './downloads/datapackage.ts';

/**
 * What the build hands the Astro pages: the catalogue it validated once (so the pages never read
 * `content/` again) and the finished datapackage.json (so the download page shows the real sizes).
 * Astro renders the pages in this process, in modules bundled apart from the build's own, so the
 * hand-over is a slot on the global object under a registered symbol, never a file or a variable
 * of the environment, and is cleared when the pages are built.
 */
export interface PageData {
  catalogue: Catalogue;
  /**
   * The catalogue's reports in the changes feed's order, as the build made it for the API data:
   * the pages' copy of the domain's modules would otherwise sort a million reports again.
   */
  changeOrder: readonly number[];
  datapackage: Datapackage;
  /** The UTC day of the build: the home and about pages say how current the data is as of it. */
  builtOn: string;
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
  if (!data) throw new Error('the pages have no catalogue: build the site with "npm run build", not "astro build"');
  return data;
}
