import { dataPaths } from '../domain/data-paths.ts';
import { openReadHeaders } from '../domain/response-headers.ts';
import type { Env } from './env.ts';
import { markdownTwinPath, prefersMarkdown, varyOnAccept } from './markdown-negotiation.ts';

/**
 * The static files the Worker sees (wrangler.jsonc's run_worker_first): the landmark and report
 * pages and their Markdown twins, the home page, and the raw data folder. Everything else, the
 * downloads included, is served by the asset server with the headers of `_headers`, and never
 * runs the Worker. The Worker adds what a file cannot say about itself: the Markdown twin for
 * clients that ask for Markdown, its charset, and CORS on it.
 */
export async function serveStatic(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  // Raw stored records lack request-time fields such as isCurrent; they are served only via /api/.
  if (url.pathname.startsWith(dataPaths.prefix)) return env.ASSETS.fetch(new Request(new URL('/404-not-a-page', url), request));
  const twinPath = prefersMarkdown(request.headers.get('Accept')) ? markdownTwinPath(url.pathname) : undefined;
  if (twinPath) {
    const twin = await serveStatic(new Request(new URL(twinPath, url), request), env);
    if (twin.ok || twin.status === 304) return varyOnAccept(twin);
  }
  const response = await env.ASSETS.fetch(request);
  const isPage = markdownTwinPath(url.pathname) !== undefined && (response.status === 304 || (response.headers.get('Content-Type') ?? '').startsWith('text/html'));
  if (isPage) return varyOnAccept(response);
  // A 304 needs CORS too: a cross-origin client revalidating its copy must be allowed to read it.
  if (!url.pathname.endsWith('.md') || (!response.ok && response.status !== 304)) return response;
  const decorated = new Response(response.body, response);
  for (const [name, value] of Object.entries(openReadHeaders)) decorated.headers.set(name, value);
  if (response.ok) decorated.headers.set('Content-Type', 'text/markdown; charset=utf-8');
  return decorated;
}
