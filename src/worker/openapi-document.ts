import { openApiAssetPath } from '../model/entry-points.ts';
import { jsonResponse } from './http.ts';
import { IsolateCache } from './isolate-cache.ts';
import { apiCacheControl } from './routes/context.ts';

const cache = new IsolateCache<unknown>(1);

/**
 * GET /api/openapi.json: the document the build generated from the API's own schemas, served
 * like every API response: CORS, a strong ETag, 304 on If-None-Match.
 */
export async function serveOpenApiDocument(request: Request, assets: Fetcher): Promise<Response> {
  const document = await cache.get(openApiAssetPath, async () => {
    const response = await assets.fetch(new Request(new URL(openApiAssetPath, 'https://assets.invalid')));
    if (!response.ok) throw new Error(`reading ${openApiAssetPath} from assets failed with status ${response.status}; was the site built with npm run build?`);
    return response.json();
  });
  return jsonResponse(request, document, { cacheControl: apiCacheControl });
}
