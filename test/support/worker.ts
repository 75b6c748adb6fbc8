import { startLocalWorker } from '../../scripts/lib/start-worker.ts';
import { isDocumentedApiResponse, openApiDocumentOf, responseCheckFor } from './openapi-validator.ts';

export interface RunningSite {
  url: URL;
  get(pathAndQuery: string, init?: RequestInit): Promise<Response>;
  /** The JSON of a 200 answer; any other status fails, naming the path and the answer. */
  json(pathAndQuery: string): Promise<unknown>;
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
  const get = async (pathAndQuery: string, init?: RequestInit) => {
    const target = new URL(pathAndQuery, worker.url);
    const response = await fetch(target, init);
    if (isDocumentedApiResponse(target.pathname, init?.method ?? 'GET', response)) {
      checkResponse(target.pathname, response.status, await response.clone().json());
    }
    return response;
  };
  return {
    url: worker.url,
    get,
    json: async (pathAndQuery) => {
      const response = await get(pathAndQuery);
      if (response.status !== 200) throw new Error(`${pathAndQuery}: expected 200; got ${response.status}: ${await response.text()}`);
      return response.json();
    },
    dispose: () => worker.dispose(),
  };
}
