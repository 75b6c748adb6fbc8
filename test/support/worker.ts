import { startLocalWorker } from '../../scripts/lib/start-worker.ts';
import { isDocumentedApiResponse, openApiDocumentOf, responseCheckFor } from './openapi-validator.ts';

export interface RunningSite {
  url: URL;
  get(pathAndQuery: string, init?: RequestInit): Promise<Response>;
  dispose(): Promise<void>;
}

/**
 * Serves a built site through the real Worker in workerd, as `wrangler dev` does (the project's
 * wrangler.jsonc with another assets folder and, optionally, a pinned clock), and checks every API
 * response a test receives against the site's OpenAPI document.
 */
export async function startSite(distDir: string, options: { fixedNow?: string } = {}): Promise<RunningSite> {
  const worker = await startLocalWorker(distDir, options);
  const checkResponse = responseCheckFor(openApiDocumentOf(distDir));
  return {
    url: worker.url,
    get: async (pathAndQuery, init) => {
      const target = new URL(pathAndQuery, worker.url);
      const response = await fetch(target, init);
      if (isDocumentedApiResponse(target.pathname, init?.method ?? 'GET', response)) {
        checkResponse(target.pathname, response.status, await response.clone().json());
      }
      return response;
    },
    dispose: () => worker.dispose(),
  };
}
