import { ApiError } from '../../domain/api-error.ts';
import type { PageKind } from '../../domain/data-paths.ts';
import { runOperation } from '../../domain/operations/run-operation.ts';
import { openReadHeaders } from '../../domain/response-headers.ts';
import type { LandmarkDetail, Report } from '../../schema/api.ts';
import { DataFileUnavailable } from '../asset-json.ts';
import { dataUnavailable } from '../data-unavailable.ts';
import type { Env } from '../env.ts';
import { bodyResponse } from '../http.ts';
import { prefersMarkdown } from '../markdown-negotiation.ts';
import { operationContext } from '../operation-context.ts';
import { fillTemplate } from './fill-template.ts';
import { landmarkPage } from './landmark-page.ts';
import { landmarkMarkdown, reportMarkdown } from './markdown-twins.ts';
import type { PageContent } from './page-content.ts';
import { reportPage } from './report-page.ts';

/**
 * The landmark and report pages and their Markdown twins, rendered from the same data and the same
 * operations as the API, as the request is answered: every freshness word is true as of now, and
 * no file per page is ever built.
 */
interface PageRoute {
  kind: PageKind;
  /** `/landmarks/<slug>` or `/reports/<id>`, optionally with `.md`. */
  pattern: RegExp;
  operationId: 'getLandmark' | 'getReport';
  parameter: 'slug' | 'id';
  html(body: unknown, repositoryUrl: string): PageContent;
  markdown(body: unknown): string;
}

const pageRoutes: readonly PageRoute[] = [
  {
    kind: 'landmark',
    pattern: /^\/landmarks\/([^/]+?)(\.md)?$/,
    operationId: 'getLandmark',
    parameter: 'slug',
    html: (body, repositoryUrl) => landmarkPage(body as LandmarkDetail, repositoryUrl),
    markdown: (body) => landmarkMarkdown(body as LandmarkDetail),
  },
  {
    kind: 'report',
    pattern: /^\/reports\/([^/]+?)(\.md)?$/,
    operationId: 'getReport',
    parameter: 'id',
    html: (body, repositoryUrl) => reportPage(body as Report, repositoryUrl),
    markdown: (body) => reportMarkdown(body as Report),
  },
];

/** Pages change with the data (a deploy) and with the day; five minutes keeps them close to both. */
const pageCacheControl = 'public, max-age=300';

export function isPagePath(pathname: string): boolean {
  return pageRoutes.some((route) => route.pattern.test(pathname));
}

/**
 * The site's own error page with the status of the error: "Not found" as built, or, when data this
 * page needs is missing from the deploy, the same frame saying so.
 */
async function errorPage(request: Request, env: Env, status: 404 | 503): Promise<Response> {
  const page = await env.ASSETS.fetch(new Request(new URL('/404', request.url)));
  const headers = new Headers(page.headers);
  headers.set('Cache-Control', 'no-store');
  headers.delete('ETag');
  headers.delete('Content-Length');
  let body = page.body;
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
  const { pathname } = new URL(request.url);
  const route = pageRoutes.find((candidate) => candidate.pattern.test(pathname))!;
  const [, rawValue = '', suffix] = route.pattern.exec(pathname)!;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response(`${request.method} is not supported here; pages are read with GET\n`, {
      status: 405,
      headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  const wantsMarkdown = suffix === '.md' || prefersMarkdown(request.headers.get('Accept'));
  const context = operationContext(env);
  let body: unknown;
  let value: string;
  try {
    value = decodeURIComponent(rawValue);
    body = await runOperation(route.operationId, context, { [route.parameter]: value });
  } catch (error) {
    if (error instanceof DataFileUnavailable) {
      dataUnavailable(error);
      return errorPage(request, env, 503);
    }
    if (error instanceof URIError || (error instanceof ApiError && error.status === 404)) return errorPage(request, env, 404);
    throw error;
  }
  // The page and its twin share a URL through Accept, so caches must keep them apart.
  const headers = { Vary: 'Accept' };
  if (wantsMarkdown) {
    return bodyResponse(request, route.markdown(body), 'text/markdown; charset=utf-8', { cacheControl: pageCacheControl, headers: { ...headers, ...openReadHeaders } });
  }
  try {
    const [template, repositoryUrl] = await Promise.all([context.store.pageTemplate(route.kind), context.store.repositoryUrl()]);
    const page = await fillTemplate(template, route.html(body, repositoryUrl));
    return bodyResponse(request, page, 'text/html; charset=utf-8', { cacheControl: pageCacheControl, headers });
  } catch (error) {
    if (!(error instanceof DataFileUnavailable)) throw error;
    dataUnavailable(error);
    return errorPage(request, env, 503);
  }
}
