import { z } from 'zod';
import { apiOperations, operationOrder } from '../api/api-operations.ts';
import { dataLicense } from '../domain/data-license.ts';
import { entryPoints } from '../api/entry-points.ts';
import { citationGuide, freshnessGuide, operationsGuide, serviceSummary } from '../api/service-guide.ts';
import { siteUrls } from '../domain/urls.ts';

/**
 * /.well-known/ai-plugin.json, the plugin manifest (schema v1): who we are in a few words, no
 * authentication, and the OpenAPI description to read for everything else. The schema holds the
 * manifest's length limits, so a description that grows too long fails the build, not a client.
 */
export const aiPluginManifest = z.strictObject({
  schema_version: z.literal('v1'),
  name_for_human: z.string().min(1).max(20),
  name_for_model: z.string().regex(/^[A-Za-z0-9]{1,50}$/, { error: 'letters and digits only, at most 50' }),
  description_for_human: z.string().min(1).max(100),
  description_for_model: z.string().min(1).max(8000),
  auth: z.strictObject({ type: z.literal('none') }),
  api: z.strictObject({ type: z.literal('openapi'), url: z.url(), is_user_authenticated: z.literal(false) }),
  logo_url: z.url(),
  contact_email: z.email(),
  legal_info_url: z.url(),
});

export type AiPluginManifest = z.infer<typeof aiPluginManifest>;

export interface AiPluginInput {
  siteUrl: string;
  /** Where people write to the operators. */
  contactEmail: string;
}

export function buildAiPluginManifest({ siteUrl, contactEmail }: AiPluginInput): AiPluginManifest {
  const urls = siteUrls(siteUrl);
  const operations = operationOrder.map((id) => `${id} (${apiOperations[id].summary})`).join('; ');
  return aiPluginManifest.parse({
    schema_version: 'v1',
    name_for_human: 'Landmark Conditions',
    name_for_model: 'landmarkConditionReports',
    description_for_human: 'Is a landmark closed, under scaffolding or behind cranes? Dated open-data reports, worldwide.',
    description_for_model:
      `${serviceSummary} Use it when someone asks whether a landmark or attraction is open, closed, under scaffolding, ` +
      `being refurbished, restricted or has its view blocked, or is planning a visit. ${operationsGuide} ` +
      `Operations: ${operations}. ${freshnessGuide} ${citationGuide} ` +
      `Data license: ${dataLicense.shortTitle}.`,
    auth: { type: 'none' },
    api: { type: 'openapi', url: urls.absolute(entryPoints.openApi), is_user_authenticated: false },
    logo_url: urls.absolute(entryPoints.logo),
    contact_email: contactEmail,
    legal_info_url: urls.absolute(entryPoints.about),
  });
}
