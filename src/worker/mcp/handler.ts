import { createMcpHandler, localhostAllowedOrigins, validateOriginHeader } from '@modelcontextprotocol/server';
import { ApiError } from '../../api/api-error.ts';
import { asApiError } from '../answer-error.ts';
import { assetDataStore } from '../data-store.ts';
import type { Env } from '../env.ts';
import { refusedMethod } from '../method-guard.ts';
import { operationContext } from '../operation-context.ts';
import { createMcpServer } from './server.ts';

const allowedMethods = 'POST, OPTIONS';

/** An error outside any JSON-RPC exchange, with the HTTP status and headers of the API error. */
function jsonRpcError(error: ApiError, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: error.message }, id: null }), {
    status: error.status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...error.headers, ...headers },
  });
}

/**
 * Against DNS rebinding and cross-site requests, browsers may call only from the configured site
 * (SITE_URL at build time, never the request's own Host, which a rebinding attacker chooses) and,
 * when the site itself runs on this machine, from local development tools such as the MCP Inspector.
 */
function allowedOriginHostnames(siteUrl: string): string[] {
  const site = new URL(siteUrl).hostname;
  const localhost = localhostAllowedOrigins();
  return localhost.includes(site) ? localhost : [site];
}

/** Browsers may call from this site's own pages and from local development tools, nothing else. */
function corsHeaders(origin: string | null): Record<string, string> {
  if (origin === null) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Expose-Headers': 'Mcp-Session-Id, MCP-Protocol-Version',
    Vary: 'Origin',
  };
}

/**
 * /api/mcp: a Model Context Protocol server over Streamable HTTP, stateless. Clients of the
 * current revision (2026-07-28, one self-contained request each) and of the 2025 revisions
 * (initialize first) are both answered, each request by a fresh server running the API's operations.
 */
export async function handleMcp(request: Request, env: Env): Promise<Response> {
  const store = assetDataStore(env.ASSETS);
  const origin = request.headers.get('Origin');
  // Programs send no Origin; a browser's must be the site's own, checked before anything runs.
  if (origin !== null) {
    let allowed: string[];
    try {
      allowed = allowedOriginHostnames(await store.siteUrl());
    } catch (caught) {
      return jsonRpcError(asApiError(caught, request.url));
    }
    if (!validateOriginHeader(origin, allowed).ok) {
      return jsonRpcError(new ApiError(403, 'origin_not_allowed', `Origin ${origin} is not allowed: browsers may call this MCP server only from this site's own pages${allowed.length > 1 ? ' or from localhost' : ''}. Call it from a server, a desktop client or a local tool instead.`));
    }
  }
  if (request.method === 'OPTIONS') {
    return new Response(null, {
      status: 204,
      headers: {
        ...corsHeaders(origin),
        'Access-Control-Allow-Methods': allowedMethods,
        'Access-Control-Allow-Headers': request.headers.get('Access-Control-Request-Headers') ?? 'Content-Type, Accept, MCP-Protocol-Version',
        'Access-Control-Max-Age': '86400',
        Allow: allowedMethods,
      },
    });
  }
  // OPTIONS was answered above: what is left to take is a JSON-RPC message.
  const refused = refusedMethod(request, ['POST'], 'this MCP server is stateless and has no stream to open or session to end; send JSON-RPC messages with POST.');
  if (refused) return jsonRpcError(refused, { Allow: allowedMethods, ...corsHeaders(origin) });
  const context = operationContext(env);
  const handler = createMcpHandler(() => createMcpServer(context), { legacy: 'stateless' });
  const response = await handler.fetch(request);
  const decorated = new Response(response.body, response);
  for (const [name, value] of Object.entries(corsHeaders(origin))) decorated.headers.set(name, value);
  return decorated;
}
