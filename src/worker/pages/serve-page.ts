import { ApiError } from '../../api/api-error.ts';
import { apiOperations, operationIds, type OperationId } from '../../api/api-operations.ts';
import type { PageKind } from '../../api/data-products/page-templates.ts';
import { runOperation, type AnswerOf } from '../../api/operations/run-operation.ts';
import { openReadHeaders } from '../../api/response-headers.ts';
import type { OperationContext } from '../../api/operations/context.ts';
import type { NearbyLandmark } from '../../schema/nearby.ts';
import { asApiError } from '../answer-error.ts';
import type { Env } from '../env.ts';
import { bodyResponse } from '../http.ts';
import { prefersMarkdown } from '../markdown-negotiation.ts';
import { readMethods, refusedMethod } from '../method-guard.ts';
import { operationContext } from '../operation-context.ts';
import { errorPage } from './error-page.ts';
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
 * (and a landmark's calendar and feed), rendered from the same data and the same operations as the
 * API, as the request is answered: every freshness word is true as of now, and no file per page is
 * ever built. Each page is a renderer registered for an operation's declaration, as Datasette
 * registers renderers for a view: the operation says what the answer is, the page how it reads.
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

/**
 * A page over an operation: where it is, what its path and query hand the operation, and how the
 * operation's answer, typed by the operation's own response schema, reads as HTML and in its other
 * formats.
 */
interface PageDeclaration<Id extends OperationId> {
  /** The built template the page is rendered into. */
  kind: PageKind;
  /**
   * `/landmarks/<slug>`, `/landmarks/<slug>/reports`, `/reports/<id>` or `/recheck`, with the value
   * (a slug or an id) as the group `value`, and optionally a `suffix` naming another format.
   */
  pattern: RegExp;
  /** The operation whose answer the page renders (its declaration in src/api/operations/). */
  operationId: Id;
  /** Whether the page answers "check another date" (`?on=`) with the status operation. */
  checksDays?: boolean;
  /** The operation's parameter that the path's value is; none for a page without one. */
  parameter?: 'slug' | 'id';
  /** Query parameters of the page handed to its operation, such as a cursor. */
  query?: readonly string[];
  /** Parameters the page always passes, such as its page size. */
  fixed?: Record<string, unknown>;
  /** Whether the page lists the landmarks nearest to its own, with their answer today. */
  listsNearby?: boolean;
  html(body: AnswerOf<Id>, links: PageLinks, dayCheck: DayCheck | undefined, nearby: readonly NearbyLandmark[] | undefined): PageContent;
  formats: Partial<Record<Exclude<Format, 'html'>, (body: AnswerOf<Id>, links: PageLinks) => Rendered>>;
}

/** A page's operation answered, ready to be rendered in any of its formats. */
interface AnsweredPage {
  html(links: PageLinks, dayCheck: DayCheck | undefined, nearby: readonly NearbyLandmark[] | undefined): PageContent;
  formats: Partial<Record<Exclude<Format, 'html'>, (links: PageLinks) => Rendered>>;
}

/** A page as the Worker serves it: its answer's type stays inside, between its operation and its renderers. */
type PageRoute = Omit<PageDeclaration<OperationId>, 'operationId' | 'html' | 'formats'> & {
  answer(context: OperationContext, values: Record<string, unknown>): Promise<AnsweredPage>;
};

/** Registers a page: its renderers are checked against the answer of the operation it names. */
function declarePage<Id extends OperationId>({ operationId, html, formats, ...route }: PageDeclaration<Id>): PageRoute {
  return {
    ...route,
    async answer(context, values) {
      const body = await runOperation(operationId, context, values);
      return {
        html: (links, dayCheck, nearby) => html(body, links, dayCheck, nearby),
        formats: Object.fromEntries(Object.entries(formats).map(([format, render]) => [format, (links: PageLinks) => render(body, links)])),
      };
    },
  };
}

const markdown = (body: string): Rendered => ({ body, contentType: 'text/markdown; charset=utf-8' });

const pageRoutes: readonly PageRoute[] = [
  declarePage({
    kind: 'landmark',
    pattern: /^\/landmarks\/(?<value>[^/]+?)(?<suffix>\.md|\.ics|\.atom)?$/,
    operationId: apiOperations.getLandmark.operationId,
    parameter: 'slug',
    checksDays: true,
    listsNearby: true,
    html: (body, { repositoryUrl }, dayCheck, nearby) => landmarkPage(body, repositoryUrl, dayCheck, nearby),
    formats: {
      markdown: (body) => markdown(landmarkMarkdown(body)),
      calendar: (body) => ({ body: landmarkCalendar(body), contentType: 'text/calendar; charset=utf-8' }),
      feed: (body) => ({ body: landmarkFeed(body), contentType: 'application/atom+xml; charset=utf-8' }),
    },
  }),
  declarePage({
    kind: 'landmark',
    pattern: /^\/landmarks\/(?<value>[^/]+?)\/reports(?<suffix>\.md)?$/,
    operationId: apiOperations.listLandmarkReports.operationId,
    parameter: 'slug',
    query: ['cursor'],
    html: (body) => landmarkReportsPage(body),
    formats: { markdown: (body) => markdown(landmarkReportsMarkdown(body)) },
  }),
  declarePage({
    kind: 'report',
    pattern: /^\/reports\/(?<value>[^/]+?)(?<suffix>\.md)?$/,
    operationId: apiOperations.getReport.operationId,
    parameter: 'id',
    html: (body, { repositoryUrl }) => reportPage(body, repositoryUrl),
    formats: { markdown: (body) => markdown(reportMarkdown(body)) },
  }),
  declarePage({
    kind: 'landmark',
    pattern: /^\/recheck(?<suffix>\.md)?$/,
    operationId: apiOperations.listLandmarksToRecheck.operationId,
    query: ['cursor'],
    fixed: { limit: 50 },
    html: (body, { siteUrl }) => recheckPage(body, siteUrl),
    formats: { markdown: (body, { siteUrl }) => markdown(recheckMarkdown(body, siteUrl)) },
  }),
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
    return { on, status: await runOperation(operationIds.getLandmarkStatus, context, { slug, on }) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return { on, error: error.message };
    throw error;
  }
}

/** How far, and how many, "Also nearby" lists: a short walk, a glance. */
const alsoNearby = { radiusKm: 3, shown: 5 } as const;

/**
 * The landmarks nearest to this one, today, from the nearby operation; none when its index is
 * missing from a damaged deploy, which the page then does without (the operator sees the log).
 */
async function nearbyOf(slug: string, context: OperationContext): Promise<NearbyLandmark[] | undefined> {
  try {
    const list = await runOperation(operationIds.listNearbyLandmarks, context, { near: slug, radius: alsoNearby.radiusKm, limit: alsoNearby.shown + 1 });
    return list.landmarks.filter((entry) => entry.landmark.slug !== slug).slice(0, alsoNearby.shown);
  } catch (error) {
    console.error(`Also nearby for ${slug} left out: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

export function isPagePath(pathname: string): boolean {
  return pageRoutes.some((route) => route.pattern.test(pathname));
}

export async function servePage(request: Request, env: Env): Promise<Response> {
  try {
    return await renderPage(request, env);
  } catch (caught) {
    return errorPage(request, env, asApiError(caught, request.url));
  }
}

async function renderPage(request: Request, env: Env): Promise<Response> {
  const refused = refusedMethod(request, readMethods, 'pages are read with GET');
  if (refused) throw refused;
  const { pathname, searchParams } = new URL(request.url);
  const route = pageRoutes.find((candidate) => candidate.pattern.test(pathname))!;
  const { value: rawValue = '', suffix } = route.pattern.exec(pathname)!.groups ?? {};
  const format: Format = suffix ? suffixFormats[suffix]! : prefersMarkdown(request.headers.get('Accept')) ? 'markdown' : 'html';
  const context = operationContext(env);
  const value = decodeURIComponent(rawValue);
  const passed = Object.fromEntries((route.query ?? []).filter((name) => searchParams.has(name)).map((name) => [name, searchParams.get(name)!]));
  const answered = await route.answer(context, { ...route.fixed, ...(route.parameter ? { [route.parameter]: value } : {}), ...passed });
  const [repositoryUrl, siteUrl] = await Promise.all([context.store.repositoryUrl(), context.store.siteUrl()]);
  const links: PageLinks = { repositoryUrl, siteUrl };
  // The page and its twin share a URL through Accept, so caches must keep them apart.
  const headers = { Vary: 'Accept' };
  if (format !== 'html') {
    const rendered = answered.formats[format]!(links);
    return bodyResponse(request, rendered.body, rendered.contentType, { cacheControl: pageCacheControl, headers: { ...headers, ...openReadHeaders } });
  }
  const template = await context.store.pageTemplate(route.kind);
  const [dayCheck, nearby] = await Promise.all([
    route.checksDays ? dayCheckOf(searchParams, value, context) : undefined,
    route.listsNearby ? nearbyOf(value, context) : undefined,
  ]);
  const page = await fillTemplate(template, answered.html(links, dayCheck, nearby));
  return bodyResponse(request, page, 'text/html; charset=utf-8', { cacheControl: pageCacheControl, headers, status: dayCheck?.error ? 400 : 200 });
}
