import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { dataPaths } from '../api/data-products.ts';
import { pageKinds } from '../api/data-products/page-templates.ts';
import { writeSiteFile } from './emit-api-data.ts';

/** Where Astro writes the page templates (src/site/pages/page-templates/). */
const builtTemplatesFolder = 'page-templates';

/**
 * Moves the page templates Astro built among the data files, as JSON strings: the Worker reads
 * them through its data store, and the public never gets an empty layout at a page address.
 */
export async function movePageTemplates(siteDir: string): Promise<void> {
  for (const kind of pageKinds) {
    const built = path.join(siteDir, builtTemplatesFolder, `${kind}.html`);
    await writeSiteFile(siteDir, dataPaths.pageTemplate(kind), `${JSON.stringify(await readFile(built, 'utf8'))}\n`);
  }
  await rm(path.join(siteDir, builtTemplatesFolder), { recursive: true, force: true });
}
