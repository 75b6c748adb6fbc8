import { apiMethods } from './method-guard.ts';

/** Response helpers shared by every API route: CORS, JSON, strong ETags and conditional GETs. */

export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag, Link, Allow',
};

const allowedMethods = apiMethods.join(', ');

export function preflightResponse(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders,
      'Access-Control-Allow-Methods': allowedMethods,
      'Access-Control-Allow-Headers': '*',
      'Access-Control-Max-Age': '86400',
      Allow: allowedMethods,
    },
  });
}

async function strongEtag(body: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body));
  const hex = Array.from(new Uint8Array(digest).slice(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `"${hex}"`;
}

/** If-None-Match uses the weak comparison: a W/ prefix on the client's copy still matches. */
function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (header === null) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

export interface BodyOptions {
  status?: number;
  cacheControl: string;
  headers?: Record<string, string>;
}

/**
 * A response made by the Worker (JSON, a page, a Markdown twin): for successful GETs, a strong
 * ETag of the body and 304 when the client already has it; HEAD gets the headers alone.
 */
export async function bodyResponse(request: Request, body: string, contentType: string, options: BodyOptions): Promise<Response> {
  const status = options.status ?? 200;
  const headers = new Headers({
    'Content-Type': contentType,
    'Cache-Control': options.cacheControl,
    'X-Content-Type-Options': 'nosniff',
    ...options.headers,
  });
  if (status === 200) {
    const etag = await strongEtag(body);
    headers.set('ETag', etag);
    if (matchesIfNoneMatch(request.headers.get('If-None-Match'), etag)) return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === 'HEAD' ? null : body, { status, headers });
}

/** A JSON response of the API, readable from any origin. */
export function jsonResponse(request: Request, value: unknown, options: BodyOptions): Promise<Response> {
  return bodyResponse(request, `${JSON.stringify(value)}\n`, 'application/json; charset=utf-8', { ...options, headers: { ...corsHeaders, ...options.headers } });
}
