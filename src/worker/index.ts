import { requestTime, type Env } from './env.ts';
import { withFreshnessMarks } from './freshness-marks.ts';
import { withPageHeaders } from './page-headers.ts';
import { handleApi } from './router.ts';
import { searchPage } from './search-page.ts';
import { serveStatic } from './static-assets.ts';

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === '/api' || pathname.startsWith('/api/')) return handleApi(request, env);
    // Search results for visitors without JavaScript: the one HTML page made per request.
    if (pathname === '/search') return withPageHeaders(await searchPage(request, env, handleApi));
    return withPageHeaders(await withFreshnessMarks(request, requestTime(env), (marked) => serveStatic(marked, env)));
  },
} satisfies ExportedHandler<Env>;
