import { ApiError } from '../../domain/api-error.ts';
import type { PageKind } from '../../domain/data-paths.ts';
import { runOperation } from '../../domain/operations/run-operation.ts';
import { openReadHeaders } from '../../domain/response-headers.ts';
import type { OperationContext } from '../../domain/operations/context.ts';
import type { LandmarkDetail, LandmarkReportList, LandmarkStatus, RecheckList, Report } from '../../schema/api.ts';
import { DataFileUnavailable } from '../asset-json.ts';
import { dataUnavailable } from '../data-unavailable.ts';
import type { Env } from '../env.ts';
import { bodyResponse } from '../http.ts';
import { prefersMarkdown } from '../markdown-negotiation.ts';
import { operationContext } from '../operation-context.ts';
import { fillTemplate } from './fill-template.ts';
import { landmarkCalendar, landmarkFeed } from './landmark-subscriptions.ts';
import { landmarkPage, type DayCheck } from './landmark-page.ts';
import { landmarkMarkdown, landmarkReportsMarkdown, reportMarkdown } from './markdown-twins.ts';
import { landmarkReportsPage } from './landmark-reports-page.ts';
import type { PageContent } from './page-content.ts';
import { recheckMarkdown, recheckPage } from './recheck-page.ts';
import { reportPage } from './report-page.ts';

/**
 * The landmark and report pages, the list of landmarks to check again, and their Markdown twins
 * (and a landmark's calendar and feed),
 * rendered from the same data and the same operations as the API, as the request is answered:
 * every freshness word is true as of now, and no file per page is ever built.
 */
type Format = 'html' | 'markdown' | 'calendar' | 'feed';

/** What a page's path suffix asks for; a landmark alone has a calendar and a feed. */
const suffixFormats: Record<string, Exclude<Format, 'html'>> = { '.md': 'markdown', '.ics': 'calendar', '.atom': 'feed' };

interface Rendered {
  body: string;
  contentType: string;
}

/** What a page links to beyond its own data. */
interface PageLinks {
  repositoryUrl: string;
  siteUrl: string;
}

interface PageRoute {
  /** The built template the page is rendered into. */
  kind: PageKind;
  /**
   * `/landmarks/<slug>`, `/landmarks/<slug>/reports`, `/reports/<id>` or `/recheck`, with the value
   * (a slug or an id) as the group `value`, and optionally a `suffix` naming another format.
   */
  pattern: RegExp;
  operationId: 'getLandmark' | 'getReport' | 'listLandmarkReports' | 'listLandmarksToRecheck';
  /** The operation's parameter that the path's value is; none for a page without one. */
  parameter?: 'slug' | 'id';
  /** Query parameters of the page handed to its operation, such as a cursor. */
  query?: readonly string[];
  /** Parameters the page always passes, such as its page size. */
  fixed?: Record<string, unknown>;
  html(body: unknown, links: PageLinks, dayCheck: DayCheck | undefined): PageContent;
  formats: Partial<Record<Exclude<Format, 'html'>, (body: unknown, links: PageLinks) => Rendered>>;
}

const pageRoutes: readonly PageRoute[] = [
  {
    kind: 'landmark',
    pattern: /^\/landmarks\/(?<value>[^/]+?)(?<suffix>\.md|\.ics|\.atom)?$/,
    operationId: 'getLandmark',
    parameter: 'slug',
    html: (body, { repositoryUrl }, dayCheck) => landmarkPage(body as LandmarkDetail, repositoryUrl, dayCheck),
    formats: {
      markdown: (body) => ({ body: landmarkMarkdown(body as LandmarkDetail), contentType: 'text/markdown; charset=utf-8' }),
      calendar: (body) => ({ body: landmarkCalendar(body as LandmarkDetail), contentType: 'text/calendar; charset=utf-8' }),
      feed: (body) => ({ body: landmarkFeed(body as LandmarkDetail), contentType: 'application/atom+xml; charset=utf-8' }),
    },
  },
  {
    kind: 'landmark',
    pattern: /^\/landmarks\/(?<value>[^/]+?)\/reports(?<suffix>\.md)?$/,
    operationId: 'listLandmarkReports',
    parameter: 'slug',
    query: ['cursor'],
    html: (body) => landmarkReportsPage(body as LandmarkReportList),
    formats: {
      markdown: (body) => ({ body: landmarkReportsMarkdown(body as LandmarkReportList), contentType: 'text/markdown; charset=utf-8' }),
    },
  },
  {
    kind: 'report',
    pattern: /^\/reports\/(?<value>[^/]+?)(?<suffix>\.md)?$/,
    operationId: 'getReport',
    parameter: 'id',
    html: (body, { repositoryUrl }) => reportPage(body as Report, repositoryUrl),
    formats: {
      markdown: (body) => ({ body: reportMarkdown(body as Report), contentType: 'text/markdown; charset=utf-8' }),
    },
  },
  {
    kind: 'landmark',
    pattern: /^\/recheck(?<suffix>\.md)?$/,
    operationId: 'listLandmarksToRecheck',
    query: ['cursor'],
    fixed: { limit: 50 },
    html: (body, { siteUrl }) => recheckPage(body as RecheckList, siteUrl),
    formats: {
      markdown: (body, { siteUrl }) => ({ body: recheckMarkdown(body as RecheckList, siteUrl), contentType: 'text/markdown; charset=utf-8' }),
    },
  },
];

/** Pages change with the data (a deploy) and with the day; five minutes keeps them close to both. */
const pageCacheControl = 'public, max-age=300';

/**
 * The "check another date" form's answer: the status operation for the `on` day asked in the
 * query, or what was wrong with it, said on the page as the API would say it.
 */
async function dayCheckOf(query: URLSearchParams, slug: string, context: OperationContext): Promise<DayCheck | undefined> {
  const on = query.get('on');
  if (on === null) return undefined;
  try {
    return { on, status: (await runOperation('getLandmarkStatus', context, { slug, on })) as LandmarkStatus };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return { on, error: error.message };
    throw error;
  }
}

export function isPagePath(pathname: string): boolean {
  return pageRoutes.some((route) => route.pattern.test(pathname));
}

/**
 * The site's own error page with the status of the error: "Not found" as built, or, when data this
 * page needs is missing from the deploy, the same frame saying so.
 */
async function errorPage(request: Request, env: Env, status: 400 | 404 | 503, message?: string): Promise<Response> {
  const page = await env.ASSETS.fetch(new Request(new URL('/404', request.url)));
  const headers = new Headers(page.headers);
  headers.set('Cache-Control', 'no-store');
  headers.delete('ETag');
  headers.delete('Content-Length');
  let body = page.body;
  if (status === 400) {
    body = new HTMLRewriter()
      .on('title', { element: (element) => void element.setInnerContent('Bad request') })
      .on('main h1', { element: (element) => void element.setInnerContent('Bad request') })
      .on('main p', { element: (element) => void element.setInnerContent(message ?? 'This address asks for something the page cannot show.') })
      .transform(page).body;
  }
  if (status === 503) {
    headers.set('Retry-After', '300');
    body = new HTMLRewriter()
      .on('title', { element: (element) => void element.setInnerContent('Temporarily unavailable') })
      .on('main h1', { element: (element) => void element.setInnerContent('Temporarily unavailable') })
      .on('main p', { element: (element) => void element.setInnerContent('The data behind this page is missing or damaged in the current deploy of the site; other pages still work. Please retry in a few minutes.') })
      .transform(page).body;
  }
  return new Response(request.method === 'HEAD' ? null : body, { status, headers });
}

export async function servePage(request: Request, env: Env): Promise<Response> {
  const { pathname, searchParams } = new URL(request.url);
  const route = pageRoutes.find((candidate) => candidate.pattern.test(pathname))!;
  const { value: rawValue = '', suffix } = route.pattern.exec(pathname)!.groups ?? {};
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response(`${request.method} is not supported here; pages are read with GET\n`, {
      status: 405,
      headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  const format: Format = suffix ? suffixFormats[suffix]! : prefersMarkdown(request.headers.get('Accept')) ? 'markdown' : 'html';
  const context = operationContext(env);
  let body: unknown;
  let value: string;
  let links: PageLinks;
  try {
    value = decodeURIComponent(rawValue);
    const passed = Object.fromEntries((route.query ?? []).filter((name) => searchParams.has(name)).map((name) => [name, searchParams.get(name)!]));
    body = await runOperation(route.operationId, context, { ...route.fixed, ...(route.parameter ? { [route.parameter]: value } : {}), ...passed });
    const [repositoryUrl, siteUrl] = await Promise.all([context.store.repositoryUrl(), context.store.siteUrl()]);
    links = { repositoryUrl, siteUrl };
  } catch (error) {
    if (error instanceof DataFileUnavailable) {
      dataUnavailable(error);
      return errorPage(request, env, 503);
    }
    if (error instanceof URIError || (error instanceof ApiError && error.status === 404)) return errorPage(request, env, 404);
    if (error instanceof ApiError && error.status === 400) return errorPage(request, env, 400, error.message);
    throw error;
  }
  // The page and its twin share a URL through Accept, so caches must keep them apart.
  const headers = { Vary: 'Accept' };
  if (format !== 'html') {
    const rendered = route.formats[format]!(body, links);
    return bodyResponse(request, rendered.body, rendered.contentType, { cacheControl: pageCacheControl, headers: { ...headers, ...openReadHeaders } });
  }
  try {
    const template = await context.store.pageTemplate(route.kind);
    const dayCheck = route.operationId === 'getLandmark' ? await dayCheckOf(searchParams, value, context) : undefined;
    const page = await fillTemplate(template, route.html(body, links, dayCheck));
    return bodyResponse(request, page, 'text/html; charset=utf-8', { cacheControl: pageCacheControl, headers, status: dayCheck?.error ? 400 : 200 });
  } catch (error) {
    if (!(error instanceof DataFileUnavailable)) throw error;
    dataUnavailable(error);
    return errorPage(request, env, 503);
  }
}
