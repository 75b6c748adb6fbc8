import { dataPaths } from '../domain/data-paths.ts';
import { downloadContentType, downloadsDirectory } from '../domain/download-resources.ts';
import type { Env } from './env.ts';
import { corsHeaders } from './http.ts';
import { markdownTwinPath, prefersMarkdown, varyOnAccept } from './markdown-negotiation.ts';

/**
 * Everything outside /api/ is a static asset served as built. The Worker only adds what a file
 * cannot say about itself: the charset of Markdown twins and CORS on files meant for programs,
 * and the Markdown twin instead of the page for clients that ask for Markdown.
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
  if (!response.ok && response.status !== 304) return response;
  const isMarkdown = url.pathname.endsWith('.md');
  const isDownload = url.pathname.startsWith(downloadsDirectory);
  const isForPrograms = isMarkdown || url.pathname.endsWith('.txt') || url.pathname.startsWith('/.well-known/') || isDownload;
  if (!isForPrograms) return response;
  const decorated = new Response(response.body, response);
  for (const [name, value] of Object.entries(corsHeaders)) decorated.headers.set(name, value);
  if (isMarkdown && response.ok) decorated.headers.set('Content-Type', 'text/markdown; charset=utf-8');
  // The asset server knows no type for .ndjson or .sqlite; downloads get theirs from one table.
  const downloadType = isDownload && response.ok ? downloadContentType(url.pathname) : undefined;
  if (downloadType) decorated.headers.set('Content-Type', downloadType);
  return decorated;
}
