import { apiOperations, operationIds } from '../api/api-operations.ts';
import { runOperation } from '../api/operations/run-operation.ts';
import { searchStatusInWords } from '../domain/in-words.ts';
import { searchResultsHtml } from '../formats/search-results.ts';
import { asApiError } from './answer-error.ts';
import type { Env } from './env.ts';
import { readMethods, refusedMethod } from './method-guard.ts';
import { operationContext } from './operation-context.ts';
import { errorPage } from './pages/error-page.ts';
import { restParameterValues } from './rest-input.ts';

/** The built page that /search fills in: the site's layout with an empty results region. */
const templatePath = '/search';

/** The search's answer as the page shows it: the status line, the results, and the status and caching of the response. */
interface Shown {
  status: string;
  list: string;
  failed: boolean;
  httpStatus: number;
  cacheControl: string;
}

/**
 * Runs the search operation on the page's query string as the API route reads it (a repeated or
 * malformed q gets the API's own words), and says what the page shows.
 */
async function answerOf(url: URL, env: Env): Promise<Shown> {
  const operation = apiOperations.searchLandmarks;
  try {
    const results = await runOperation(operationIds.searchLandmarks, operationContext(env), restParameterValues(operation.input, url));
    const status = searchStatusInWords(results.query, results.total, results.landmarks.length);
    return { status, list: searchResultsHtml(results), failed: false, httpStatus: 200, cacheControl: operation.cacheControl };
  } catch (caught) {
    const error = asApiError(caught, url.href);
    return { status: error.message, list: '', failed: true, httpStatus: error.status, cacheControl: 'no-store' };
  }
}

/**
 * /search?q=…: the results page for visitors without JavaScript. It runs the API's own operation,
 * so the page and the API agree on every result and every error message, and fills the built
 * template in as it streams through: the layout and styles are written once, in
 * src/site/pages/search.astro.
 */
export async function searchPage(request: Request, env: Env): Promise<Response> {
  const refused = refusedMethod(request, readMethods, 'use GET /search?q=…');
  if (refused) return errorPage(request, env, refused);
  const url = new URL(request.url);
  const template = await env.ASSETS.fetch(new Request(new URL(templatePath, url)));
  if (!template.ok) return template;
  const query = url.searchParams.get('q');
  const headers = new Headers(template.headers);
  // The body changes below: the template's validators and length no longer describe it.
  for (const name of ['ETag', 'Last-Modified', 'Content-Length']) headers.delete(name);
  if (query === null || query.trim() === '') {
    return new Response(request.method === 'HEAD' ? null : template.body, { status: 200, headers });
  }

  const { status, list, failed, httpStatus, cacheControl } = await answerOf(url, env);
  headers.set('Cache-Control', cacheControl);

  const page = new HTMLRewriter()
    .on('title', { element: (element) => void element.setInnerContent(`Search: ${query.trim()} · Landmark Condition Reports`) })
    // lol-html escapes only the quote in attribute values; "&" must be escaped here to survive as typed.
    .on('input#search-q', { element: (element) => void element.setAttribute('value', query.replace(/&/g, '&amp;')) })
    .on('#search-status', {
      element: (element) => {
        element.setInnerContent(status);
        if (failed) element.setAttribute('class', 'search-status error');
      },
    })
    .on('#search-list', { element: (element) => void element.setInnerContent(list, { html: true }) })
    .transform(new Response(template.body, { status: httpStatus, headers }));
  return request.method === 'HEAD' ? new Response(null, page) : page;
}
