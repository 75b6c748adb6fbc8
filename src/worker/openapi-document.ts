import { openApiAssetPath } from '../api/entry-points.ts';
import { jsonResponse } from './http.ts';
import { readAssetJson } from './asset-json.ts';
import { apiCacheControl } from '../api/operations/parameters.ts';

/**
 * GET /api/openapi.json: the document the build generated from the API's own schemas, served
 * like every API response: CORS, a strong ETag, 304 on If-None-Match.
 */
export async function serveOpenApiDocument(request: Request, assets: Fetcher): Promise<Response> {
  const document = await readAssetJson(assets, openApiAssetPath);
  return jsonResponse(request, document, { cacheControl: apiCacheControl });
}
