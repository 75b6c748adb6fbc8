import { entryPoints } from '../model/entry-points.ts';
import { apiBasePath } from '../model/urls.ts';
import { slugPattern } from '../schema/landmark-frontmatter.ts';
import { reportIdPattern } from '../schema/report-frontmatter.ts';
import { ApiError, dataUnavailable, notFound } from './api-error.ts';
import { DataFileUnavailable } from './asset-json.ts';
import { assetDataStore } from './data-store.ts';
import { requestTime, type Env } from './env.ts';
import { allowedMethods, jsonResponse, preflightResponse } from './http.ts';
import { serveOpenApiDocument } from './openapi-document.ts';
import type { RouteHandler } from './routes/context.ts';
import { getChanges } from './routes/get-changes.ts';
import { getFeaturedLandmarks } from './routes/get-featured.ts';
import { getLandmark } from './routes/get-landmark.ts';
import { getReport } from './routes/get-report.ts';
import { listLandmarks } from './routes/list-landmarks.ts';
import { searchLandmarks } from './routes/search-landmarks.ts';

/** An identifier's pattern from the schema, without its anchors, to sit inside a path pattern. */
const patternBody = (pattern: RegExp) => pattern.source.replace(/^\^|\$$/g, '');

interface Route {
  pattern: RegExp;
  handler: RouteHandler;
}

/** Path segments are matched strictly, so `/landmarks/x.json` or `/landmarks/x/` are unknown paths. */
const routes: Route[] = [
  { pattern: new RegExp(`^${apiBasePath}/landmarks$`), handler: listLandmarks },
  { pattern: new RegExp(`^${apiBasePath}/landmarks/(?<slug>${patternBody(slugPattern)})$`), handler: getLandmark },
  { pattern: new RegExp(`^${apiBasePath}/reports/(?<id>${patternBody(reportIdPattern)})$`), handler: getReport },
  { pattern: new RegExp(`^${apiBasePath}/search$`), handler: searchLandmarks },
  { pattern: new RegExp(`^${apiBasePath}/changes$`), handler: getChanges },
  { pattern: new RegExp(`^${apiBasePath}/featured$`), handler: getFeaturedLandmarks },
];

function matchRoute(pathname: string): { handler: RouteHandler; params: Record<string, string> } | undefined {
  for (const route of routes) {
    const match = route.pattern.exec(pathname);
    if (match) return { handler: route.handler, params: { ...match.groups } };
  }
  return undefined;
}

/** Answers every request under /api/: always JSON, never an HTML page or a stack trace. */
export async function handleApi(request: Request, env: Env): Promise<Response> {
  // The MCP endpoint speaks JSON-RPC over POST, with its own origin check and preflight.
  if (new URL(request.url).pathname === entryPoints.mcp) {
    // Loaded on first use: the SDK and the schemas stay out of the start-up of every other route.
    const { handleMcp } = await import('./mcp/handler.ts');
    return handleMcp(request, env);
  }
  if (request.method === 'OPTIONS') return preflightResponse();
  try {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new ApiError(405, 'method_not_allowed', `${request.method} is not supported: this API is read-only; use GET`, {
        headers: { Allow: allowedMethods },
      });
    }
    const url = new URL(request.url);
    if (url.pathname === entryPoints.openApi) return await serveOpenApiDocument(request, env.ASSETS);
    const matched = matchRoute(url.pathname);
    if (!matched) {
      throw notFound(`No API route at ${url.pathname}. The routes are described at /api/openapi.json.`);
    }
    return await matched.handler({ request, url, params: matched.params, store: assetDataStore(env.ASSETS), now: requestTime(env) });
  } catch (caught) {
    const error = caught instanceof DataFileUnavailable ? dataUnavailable(caught) : caught;
    if (error instanceof ApiError) {
      return jsonResponse(request, error.toBody(), { status: error.status, cacheControl: 'no-store', headers: error.headers });
    }
    // Log the cause for the operator; the client gets a clean JSON error without internals.
    console.error('unexpected error answering', request.url, error);
    const internal = new ApiError(500, 'internal_error', 'Something went wrong on our side; please retry later.');
    return jsonResponse(request, internal.toBody(), { status: 500, cacheControl: 'no-store' });
  }
}
