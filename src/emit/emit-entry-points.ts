import type { Catalogue } from '../domain/catalogue.ts';
import type { DataStore } from '../api/data-products.ts';
import { entryPoints, openApiAssetPath } from '../api/entry-points.ts';
import { buildAiPluginManifest } from './ai-plugin.ts';
import { writeSiteFile } from './emit-api-data.ts';
import { llmsFullTxt, llmsTxt } from './llms-txt.ts';
import { buildOpenApiDocument } from './openapi.ts';
import { apiExamples } from './openapi-examples.ts';

/**
 * Until the project has a public contact address, CONTACT_EMAIL at build time sets the one the
 * plugin manifest gives; this default is a placeholder that no mail reaches.
 */
const placeholderContactEmail = 'contact@landmark-condition-reports.invalid';

export interface EntryPointOptions {
  siteUrl: string;
  /** The moment of the build: examples show freshness as of then. */
  now: Date;
  contactEmail?: string | undefined;
}

/** Writes the OpenAPI document, llms.txt, llms-full.txt and the plugin manifest into the site. */
export async function emitEntryPoints(catalogue: Catalogue, store: DataStore, outDir: string, options: EntryPointOptions): Promise<void> {
  const examples = await apiExamples(catalogue, store, options.now);
  const document = buildOpenApiDocument({ siteUrl: options.siteUrl, examples });
  const guide = { siteUrl: options.siteUrl, document, examples };
  const manifest = buildAiPluginManifest({ siteUrl: options.siteUrl, contactEmail: options.contactEmail || placeholderContactEmail });
  await Promise.all([
    writeSiteFile(outDir, openApiAssetPath, `${JSON.stringify(document)}\n`),
    writeSiteFile(outDir, entryPoints.llms, llmsTxt(guide)),
    writeSiteFile(outDir, entryPoints.llmsFull, llmsFullTxt(guide)),
    writeSiteFile(outDir, entryPoints.aiPlugin, `${JSON.stringify(manifest, null, 2)}\n`),
  ]);
}
