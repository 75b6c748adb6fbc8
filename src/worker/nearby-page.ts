import { apiOperations, operationIds } from '../api/api-operations.ts';
import { escapeMarkup } from '../formats/escape-markup.ts';
import { answerInWords } from '../domain/in-words.ts';
import { sitePath } from '../domain/urls.ts';
import type { NearbyLandmark, NearbyLandmarks as NearbyList } from '../schema/nearby.ts';
import { answerQuery } from './answer-query.ts';
import type { Env } from './env.ts';
import { readMethods, refusedMethod } from './method-guard.ts';
import { errorPage } from './pages/error-page.ts';
import { nearbyCalendarPath } from './pages/nearby-calendar.ts';

/** The built page that /nearby fills in: the site's layout, the form and an empty answers region. */
const templatePath = '/nearby';

/** The form's fields handed to the nearby operation as they are (an empty field is left out). */
const passedOn = ['near', 'lat', 'lon', 'radius', 'on', 'from', 'to', 'affected', 'cursor'] as const;

function itemHtml(entry: NearbyLandmark): string {
  const days = entry.stretches.length > 1 ? ` (${entry.stretches.filter((stretch) => stretch.answer === 'affected').length} of ${entry.stretches.length} stretches of the trip affected)` : '';
  const evidence = entry.evidence ? ` <a href="${escapeMarkup(sitePath(entry.evidence.url))}">the report</a>` : '';
  return (
    `<li><a class="entry-title" href="${escapeMarkup(sitePath(entry.landmark.url))}">${escapeMarkup(entry.landmark.name)}</a> ` +
    `<span class="distance">${escapeMarkup(entry.distanceKm.toLocaleString('en', { maximumFractionDigits: 1 }))} km</span>` +
    `<span class="entry-meta"><span class="condition" data-condition="${escapeMarkup(entry.condition ?? 'unknown')}">${escapeMarkup(answerInWords(entry.answer, entry.condition))}</span>${escapeMarkup(days)}${evidence}</span></li>`
  );
}

/** The answers, the next page and the calendar of the circle, as escaped HTML. */
function answersHtml(list: NearbyList, query: URLSearchParams): string {
  const items = list.landmarks.length === 0 ? '' : `<ol class="entries" aria-label="Landmarks nearest first">${list.landmarks.map(itemHtml).join('')}</ol>`;
  const next = new URLSearchParams(query);
  if (list.pagination.nextCursor) next.set('cursor', list.pagination.nextCursor);
  const more = list.pagination.nextCursor ? `<p><a rel="next" href="/nearby?${escapeMarkup(next.toString())}">More landmarks, further away</a></p>` : '';
  const circle = new URLSearchParams(list.centre.near ? { near: list.centre.near } : { lat: String(list.centre.lat), lon: String(list.centre.lon) });
  circle.set('radius', String(list.radiusKm));
  const calendar = `<p><a href="${nearbyCalendarPath}?${escapeMarkup(circle.toString())}">Subscribe to the announced closures and works of this circle</a> (a calendar).</p>`;
  return items + more + calendar;
}

/**
 * /nearby?q=… (or near=, or lat= and lon=): the nearby answers for visitors without JavaScript, and
 * for those who used their location. A place name is looked up with the search, whose first match
 * is the centre; the rest is the nearby operation's answer, run here on the API route's reading of
 * the query, so the page and the API agree on every answer and every error message.
 */
export async function nearbyPage(request: Request, env: Env): Promise<Response> {
  const refused = refusedMethod(request, readMethods, 'use GET /nearby?q=…');
  if (refused) return errorPage(request, env, refused);
  const url = new URL(request.url);
  const template = await env.ASSETS.fetch(new Request(new URL(templatePath, url)));
  if (!template.ok) return template;
  const headers = new Headers(template.headers);
  // The body changes below: the template's validators and length no longer describe it.
  for (const name of ['ETag', 'Last-Modified', 'Content-Length']) headers.delete(name);
  const asked = url.searchParams;
  const placeName = asked.get('q')?.trim() ?? '';
  const query = new URLSearchParams();
  for (const name of passedOn) {
    const value = asked.get(name);
    if (value !== null && value !== '') query.set(name, value);
  }
  if (placeName === '' && !query.has('near') && !query.has('lat') && !query.has('lon')) {
    return new Response(request.method === 'HEAD' ? null : template.body, { status: 200, headers });
  }

  let status: string;
  let list = '';
  let code = 200;
  let centreName: string | undefined;
  if (placeName !== '' && !query.has('near') && !query.has('lat') && !query.has('lon')) {
    const found = await answerQuery(operationIds.searchLandmarks, env, new URL(`${apiOperations.searchLandmarks.path}?q=${encodeURIComponent(placeName)}`, url));
    if (!found.ok) {
      code = found.error.status;
      status = found.error.message;
    } else if (found.body.landmarks.length === 0) {
      status = `No landmark or place matches “${placeName}”: try another spelling, or a landmark's name.`;
    } else {
      query.set('near', found.body.landmarks[0]!.slug);
      centreName = found.body.landmarks[0]!.name;
    }
  }
  if (query.has('near') || query.has('lat') || query.has('lon')) {
    const answer = await answerQuery(operationIds.listNearbyLandmarks, env, new URL(`${apiOperations.listNearbyLandmarks.path}?${query.toString()}`, url));
    if (!answer.ok) {
      code = answer.error.status;
      status = answer.error.message;
    } else {
      const { centre, radiusKm, from, to, landmarks } = answer.body;
      const around = centreName ?? (centre.near ? (landmarks.find((entry) => entry.landmark.slug === centre.near)?.landmark.name ?? centre.near) : `${centre.lat}, ${centre.lon}`);
      const days = from === to ? `on ${from}` : `from ${from} to ${to}`;
      status = `${landmarks.length === 0 ? 'No landmarks' : `${landmarks.length}${answer.body.pagination.nextCursor ? '+' : ''} landmark${landmarks.length === 1 ? '' : 's'}`} within ${radiusKm} km of ${around}, ${days}.`;
      const kept = new URLSearchParams(query);
      kept.delete('cursor');
      list = answersHtml(answer.body, kept);
    }
  }
  status ??= '';
  headers.set('Cache-Control', code === 200 ? 'public, max-age=300' : 'no-store');
  const value = (name: string) => (name === 'q' ? placeName : (asked.get(name) ?? ''));
  const page = new HTMLRewriter()
    .on('title', { element: (element) => void element.setInnerContent(`Near ${placeName || query.get('near') || 'a place'} · Landmark Condition Reports`) })
    // lol-html escapes only the quote in attribute values; "&" must be escaped here to survive as typed.
    .on('form[data-nearby-form] input', {
      element: (element) => {
        const name = element.getAttribute('name');
        if (name === 'affected') {
          if (asked.get('affected') === 'true') element.setAttribute('checked', '');
        } else if (name && value(name) !== '') element.setAttribute('value', value(name).replace(/&/g, '&amp;'));
      },
    })
    .on('#nearby-status', {
      element: (element) => {
        element.setInnerContent(status);
        if (code !== 200) element.setAttribute('class', 'search-status error');
      },
    })
    .on('#nearby-list', { element: (element) => void element.setInnerContent(list, { html: true }) })
    .transform(new Response(template.body, { status: code, headers }));
  return request.method === 'HEAD' ? new Response(null, page) : page;
}
