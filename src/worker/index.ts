import { requestTime, type Env } from './env.ts';
import { withFreshnessMarks } from './freshness-marks.ts';
import { withPageHeaders } from './page-headers.ts';
import { handleApi } from './router.ts';
import { searchPage } from './search-page.ts';
import { nearbyPage } from './nearby-page.ts';
import { nearbyCalendar, nearbyCalendarPath } from './pages/nearby-calendar.ts';
import { isPagePath, servePage } from './pages/serve-page.ts';
import { serveStatic } from './static-assets.ts';

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === '/api' || pathname.startsWith('/api/')) return handleApi(request, env);
    // Search results for visitors without JavaScript: the one HTML page made per request.
    if (pathname === '/search') return withPageHeaders(await searchPage(request, env));
    // The nearby answers, and the calendar of a circle, rendered from the nearby index as asked.
    if (pathname === '/nearby') return withPageHeaders(await nearbyPage(request, env));
    if (pathname === nearbyCalendarPath) return nearbyCalendar(request, env);
    // Landmark and report pages are rendered from the data; the home page is a built file. Both are
    // marked as of the request: what is no longer current says so.
    const serve = isPagePath(pathname) ? servePage : serveStatic;
    return withPageHeaders(await withFreshnessMarks(request, requestTime(env), (marked) => serve(marked, env)));
  },
} satisfies ExportedHandler<Env>;
