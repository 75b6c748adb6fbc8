import { escapeMarkup } from '../formats/escape-markup.ts';
import { currentConditionInWords, placeInWords, searchStatusInWords } from '../domain/in-words.ts';
import { apiBasePath } from '../domain/urls.ts';
import type { ApiError, LandmarkSearchResults } from '../schema/api.ts';
import type { Env } from './env.ts';
import { readMethods, refusedMethod } from './method-guard.ts';
import { errorPage } from './pages/error-page.ts';

/** The built page that /search fills in: the site's layout with an empty results region. */
const templatePath = '/search';


/** The same markup as the search-as-you-type script builds, as escaped HTML. */
function resultListHtml(results: LandmarkSearchResults): string {
  if (results.landmarks.length === 0) return '';
  const items = results.landmarks.map(
    (landmark) =>
      `<li><a class="entry-title" href="${escapeMarkup(new URL(landmark.urls.html).pathname)}">${escapeMarkup(landmark.name)}</a> ` +
      `<span class="place">${escapeMarkup(placeInWords(landmark.location))}</span>` +
      `<span class="entry-meta">${escapeMarkup(currentConditionInWords(landmark.currentCondition))}</span></li>`,
  );
  return `<ol class="entries">${items.join('')}</ol>`;
}

type AnswerApi = (request: Request, env: Env) => Promise<Response>;

/**
 * /search?q=…: the results page for visitors without JavaScript. It asks the API itself, so the
 * page and the API agree on every result and every error message, and fills the built template
 * in as it streams through: the layout and styles are written once, in src/site/pages/search.astro.
 */
export async function searchPage(request: Request, env: Env, answerApi: AnswerApi): Promise<Response> {
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

  // The whole query string goes to the API, so a repeated or malformed q gets the API's own answer.
  const answer = await answerApi(new Request(new URL(`${apiBasePath}/search${url.search}`, url), { headers: { Accept: 'application/json' } }), env);
  const body = (await answer.json()) as LandmarkSearchResults | ApiError;
  const failed = 'error' in body;
  const status = failed ? body.error.message : searchStatusInWords(body.query, body.total, body.landmarks.length);
  const list = failed ? '' : resultListHtml(body);
  headers.set('Cache-Control', answer.headers.get('Cache-Control') ?? 'no-store');

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
    .transform(new Response(template.body, { status: failed ? answer.status : 200, headers }));
  return request.method === 'HEAD' ? new Response(null, page) : page;
}
