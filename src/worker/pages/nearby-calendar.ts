import { z } from 'zod';
import { invalidParameter } from '../../api/api-error.ts';
import { periodsCalendar } from '../../formats/icalendar.ts';
import { circleCentre, circleParameters } from '../../api/operations/list-nearby-landmarks.ts';
import { landmarksWithin } from '../../api/nearby/within-circle.ts';
import { openReadHeaders } from '../../api/response-headers.ts';
import { siteUrls } from '../../domain/urls.ts';
import { asApiError } from '../answer-error.ts';
import type { Env } from '../env.ts';
import { bodyResponse, jsonResponse } from '../http.ts';
import { readMethods, refusedMethod } from '../method-guard.ts';
import { operationContext } from '../operation-context.ts';
import { restParameterValues } from '../rest-input.ts';

export const nearbyCalendarPath = '/nearby.ics';

const circle = z.strictObject(circleParameters);

/**
 * /nearby.ics?near=<slug>&radius=… (or lat and lon): one subscription to every period with a
 * stated end of the landmarks in a circle, one event each, its UID the report's id, rendered from
 * the nearby index as it is asked for, so no file is made per place. Its parameters and their
 * errors are the nearby operation's.
 */
export async function nearbyCalendar(request: Request, env: Env): Promise<Response> {
  try {
    const refused = refusedMethod(request, readMethods, 'use GET /nearby.ics?near=<slug>&radius=10');
    if (refused) throw refused;
    const url = new URL(request.url);
    const checked = circle.safeParse(restParameterValues(circle, url));
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      throw invalidParameter(String(issue.path[0] ?? ''), issue.message);
    }
    const { store } = operationContext(env);
    const centre = await circleCentre(store, checked.data);
    const [found, siteUrl] = await Promise.all([landmarksWithin(store, centre, checked.data.radius), store.siteUrl()]);
    const urls = siteUrls(siteUrl);
    const place = centre.near === null ? `${centre.lat}, ${centre.lon}` : (found.find(({ entry }) => entry.slug === centre.near)?.entry.name ?? centre.near);
    const body = periodsCalendar({
      name: `Within ${checked.data.radius} km of ${place}: announced closures and works`,
      description: `Periods announced for the ${found.length} landmark${found.length === 1 ? '' : 's'} within ${checked.data.radius} km of ${place}.`,
      url: urls.absolute(`${nearbyCalendarPath}${url.search}`),
      periods: found.flatMap(({ entry }) => entry.periods.map((period) => ({ ...period, urls: { html: urls.reportPage(period.id) }, landmark: { name: entry.name } }))),
    });
    return await bodyResponse(request, body, 'text/calendar; charset=utf-8', { cacheControl: 'public, max-age=300', headers: openReadHeaders });
  } catch (caught) {
    const error = asApiError(caught, request.url);
    return jsonResponse(request, error.toBody(), { status: error.status, cacheControl: 'no-store', headers: error.headers });
  }
}
