import path from 'node:path';
import { unstable_startWorker } from 'wrangler';
import { projectRoot } from './build.ts';
import { isDocumentedApiResponse, openApiDocumentOf, responseCheckFor } from './openapi-validator.ts';

process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';
process.env.WRANGLER_SEND_METRICS ??= 'false';

export interface RunningSite {
  url: URL;
  get(pathAndQuery: string, init?: RequestInit): Promise<Response>;
  dispose(): Promise<void>;
}

/**
 * Serves a built site through the real Worker in workerd, as `wrangler dev` does: the project's
 * wrangler.jsonc with another assets folder and, optionally, a pinned clock.
 */
export async function startSite(distDir: string, options: { fixedNow?: string } = {}): Promise<RunningSite> {
  const worker = await unstable_startWorker({
    config: path.join(projectRoot, 'wrangler.jsonc'),
    assets: distDir,
    bindings: options.fixedNow ? { FIXED_NOW: { type: 'plain_text', value: options.fixedNow } } : {},
    dev: { server: { hostname: '127.0.0.1', port: 0 }, inspector: false, logLevel: 'warn', watch: false },
  } as unknown as Parameters<typeof unstable_startWorker>[0]);
  await worker.ready;
  const url = await worker.url;
  // Every API response a test receives must match the OpenAPI document, or the test fails.
  const checkResponse = responseCheckFor(openApiDocumentOf(distDir));
  return {
    url,
    get: async (pathAndQuery, init) => {
      const target = new URL(pathAndQuery, url);
      const response = await fetch(target, init);
      if (isDocumentedApiResponse(target.pathname, init?.method ?? 'GET', response)) {
        checkResponse(target.pathname, response.status, await response.clone().json());
      }
      return response;
    },
    dispose: () => worker.dispose(),
  };
}
