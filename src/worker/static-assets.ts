import { dataPrefix } from '../api/data-products/product.ts';
import type { Env } from './env.ts';

/**
 * The built files that reach the Worker (wrangler.jsonc's run_worker_first): the home page, which
 * it marks as of the request on the way out, and the raw data folder, which it refuses. Every
 * other file, the downloads included, is served by the asset server with the headers of
 * `_headers`, and never runs the Worker.
 */
export async function serveStatic(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  // Raw stored records lack request-time fields such as isCurrent; they are served only via /api/.
  if (url.pathname.startsWith(dataPrefix)) return env.ASSETS.fetch(new Request(new URL('/404-not-a-page', url), request));
  return env.ASSETS.fetch(request);
}
