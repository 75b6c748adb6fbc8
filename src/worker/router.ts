import { apiOperations, operationOrder, type ApiOperation } from '../api/api-operations.ts';
import { entryPoints } from '../api/entry-points.ts';
import { notFound } from '../api/api-error.ts';
import { runOperation } from '../api/operations/run-operation.ts';
import { asApiError } from './answer-error.ts';
import type { Env } from './env.ts';
import { jsonResponse, preflightResponse } from './http.ts';
import { apiMethods, refusedMethod } from './method-guard.ts';
import { serveOpenApiDocument } from './openapi-document.ts';
import { operationContext } from './operation-context.ts';
import { restParameterValues } from './rest-input.ts';

interface Route {
  operation: ApiOperation;
  pattern: RegExp;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The routes are the declared operations' paths (api-operations.ts lists them): a declared
 * operation is routed, with the code its declaration holds. A path parameter is one whole segment,
 * so `/landmarks/x/` and `/landmarks/x/y` are unknown paths; its schema then judges its value.
 */
const routes: Route[] = operationOrder.map((id) => {
  const operation: ApiOperation = apiOperations[id];
  const pattern = operation.path
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? `(?<${part.slice(1, -1)}>[^/]+)` : escapeRegExp(part)))
    .join('');
  return { operation, pattern: new RegExp(`^${pattern}$`) };
});

function matchRoute(pathname: string): { operation: ApiOperation; pathValues: Record<string, string> } | undefined {
  for (const route of routes) {
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    const pathValues: Record<string, string> = {};
    for (const [name, value] of Object.entries(match.groups ?? {})) {
      try {
        pathValues[name] = decodeURIComponent(value);
      } catch {
        return undefined;
      }
    }
    return { operation: route.operation, pathValues };
  }
  return undefined;
}


/** Answers every request under /api/: always JSON, never an HTML page or a stack trace. */
export async function handleApi(request: Request, env: Env): Promise<Response> {
  // The MCP endpoint speaks JSON-RPC over POST, with its own origin check and preflight.
  if (new URL(request.url).pathname === entryPoints.mcp) {
    // Loaded on first use: the SDK stays out of the start-up of every other route.
    const { handleMcp } = await import('./mcp/handler.ts');
    return handleMcp(request, env);
  }
  if (request.method === 'OPTIONS') return preflightResponse();
  try {
    const refused = refusedMethod(request, apiMethods, 'this API is read-only; use GET');
    if (refused) throw refused;
    const url = new URL(request.url);
    if (url.pathname === entryPoints.openApi) return await serveOpenApiDocument(request, env.ASSETS);
    const matched = matchRoute(url.pathname);
    if (!matched) {
      throw notFound(`No API route at ${url.pathname}. The routes are described at /api/openapi.json.`);
    }
    const { operation, pathValues } = matched;
    const body = await runOperation(operation.operationId, operationContext(env), restParameterValues(operation.input, url, pathValues));
    return jsonResponse(request, body, { cacheControl: operation.cacheControl });
  } catch (caught) {
    const error = asApiError(caught, request.url);
    return jsonResponse(request, error.toBody(), { status: error.status, cacheControl: 'no-store', headers: error.headers });
  }
}
