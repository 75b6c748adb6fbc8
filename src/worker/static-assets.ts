import { dataPaths } from '../model/data-paths.ts';
import type { Env } from './env.ts';
import { corsHeaders } from './http.ts';

/**
 * Everything outside /api/ is a static asset served as built. The Worker only adds what a file
 * cannot say about itself: the charset of Markdown twins and CORS on files meant for programs.
 */
export async function serveStatic(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  // Raw stored records lack request-time fields such as isCurrent; they are served only via /api/.
  if (url.pathname.startsWith(dataPaths.prefix)) return env.ASSETS.fetch(new Request(new URL('/404-not-a-page', url), request));
  const response = await env.ASSETS.fetch(request);
  if (!response.ok) return response;
  const isMarkdown = url.pathname.endsWith('.md');
  const isForPrograms = isMarkdown || url.pathname.endsWith('.txt') || url.pathname.startsWith('/.well-known/') || url.pathname.startsWith('/data/');
  if (!isForPrograms) return response;
  const decorated = new Response(response.body, response);
  for (const [name, value] of Object.entries(corsHeaders)) decorated.headers.set(name, value);
  if (isMarkdown) decorated.headers.set('Content-Type', 'text/markdown; charset=utf-8');
  return decorated;
}
