import { isCurrentAt } from '../domain/freshness.ts';
import { noLongerCurrent, notYetCurrent } from '../domain/in-words.ts';
import { dayOfInstant } from '../schema/calendar.ts';

/**
 * Pages are read on any day. Whatever on a page carries a date it stays current until
 * (`data-current-until`: a landmark's condition, a report's line, a map marker) is marked
 * `data-current="yes"` or `"no"` as the page is served (`"upcoming"` before its `data-from` day), and text that is no longer current says
 * so in words: true as of the request, without JavaScript and without a rebuild.
 *
 * The marks depend on the built file and the UTC day only, so the page's strong ETag is the
 * asset's with the day appended: a client revalidating on the same day still gets its 304.
 */

const utcDay = (now: Date) => dayOfInstant(now.getTime());

/** `"abc"` with the day `2026-05-03` becomes `"abc-2026-05-03"`; weak tags keep their `W/`. */
const withDay = (etag: string, day: string) => etag.replace(/"$/, `-${day}"`);

/**
 * The client's If-None-Match as the asset store knows it: today's suffix taken off. Tags of other
 * days then match nothing (the marks may have changed), and plain tags, such as a Markdown twin's,
 * pass unchanged.
 */
function assetIfNoneMatch(header: string, day: string): string | undefined {
  const suffix = `-${day}"`;
  const tags = header.split(',').map((tag) => tag.trim());
  if (!tags.some((tag) => tag.endsWith(suffix))) return undefined;
  return tags.map((tag) => (tag.endsWith(suffix) ? `${tag.slice(0, -suffix.length)}"` : tag)).join(', ');
}

/** Serves a page through `serve`, marked as of `now`; anything that is not an HTML page passes through. */
export async function withFreshnessMarks(request: Request, now: Date, serve: (request: Request) => Promise<Response>): Promise<Response> {
  const day = utcDay(now);
  const clientTags = request.headers.get('If-None-Match');
  const assetTags = clientTags === null ? undefined : assetIfNoneMatch(clientTags, day);
  let forwarded = request;
  if (assetTags !== undefined) {
    const headers = new Headers(request.headers);
    headers.set('If-None-Match', assetTags);
    forwarded = new Request(request, { headers });
  }
  const response = await serve(forwarded);

  const etag = response.headers.get('ETag');
  if (response.status === 304) {
    // Only a tag this function gave out (a marked page's, today) had a suffix to take off.
    if (forwarded === request) return response;
    const notModified = new Response(null, response);
    if (etag) notModified.headers.set('ETag', withDay(etag, day));
    return notModified;
  }
  if (!(response.headers.get('Content-Type') ?? '').startsWith('text/html')) return response;

  const marked = new HTMLRewriter()
    .on('[data-current-until]', {
      element(element) {
        const from = element.getAttribute('data-from');
        // A condition announced ahead is not current yet: it says when it starts instead.
        if (from !== null && from > day) {
          element.setAttribute('data-current', 'upcoming');
          if (element.tagName !== 'circle') element.append(`<span class="not-yet-current"> (${notYetCurrent(from)})</span>`, { html: true });
          return;
        }
        const current = isCurrentAt(element.getAttribute('data-current-until') ?? '', now);
        element.setAttribute('data-current', current ? 'yes' : 'no');
        // Text says it in words; a map marker (SVG) only fades.
        if (!current && element.tagName !== 'circle') element.append(`<span class="no-longer-current"> (${noLongerCurrent})</span>`, { html: true });
      },
    })
    .transform(response);
  const result = new Response(marked.body, marked);
  result.headers.delete('Content-Length');
  if (etag) result.headers.set('ETag', withDay(etag, day));
  return result;
}
