import { apiOperations, operationIds } from '../api/api-operations.ts';
import { searchStatusInWords } from '../domain/in-words.ts';
import { searchResultsHtml } from '../formats/search-results.ts';
import { answerQuery } from './answer-query.ts';
import type { Env } from './env.ts';
import { readMethods, refusedMethod } from './method-guard.ts';
import { errorPage } from './pages/error-page.ts';

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

/** What the page shows of the search operation's answer to its query string. */
async function answerOf(url: URL, env: Env): Promise<Shown> {
  const answer = await answerQuery(operationIds.searchLandmarks, env, url);
  if (!answer.ok) return { status: answer.error.message, list: '', failed: true, httpStatus: answer.error.status, cacheControl: 'no-store' };
  const { query, total, landmarks } = answer.body;
  return { status: searchStatusInWords(query, total, landmarks.length), list: searchResultsHtml(answer.body), failed: false, httpStatus: 200, cacheControl: apiOperations.searchLandmarks.cacheControl };
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
