import { dayOfInstant } from '../../schema/calendar.ts';
import { failed, oneLine, periodOnReadDay, type MethodContext, type Observation, type SourceReading } from '../observation.ts';

/**
 * The US National Park Service API (https://developer.nps.gov/api/v1): a park's alerts and its
 * operating hours. Alerts carry no dates: a "Park Closure" alert is a closure of some part of the
 * park from the day it was read. Operating-hours exceptions are dated: an exception whose hours are
 * empty or "Closed" every day closes that facility (the whole park when it is the park's only
 * entry) from its start to its end. Numbers arrive as strings in the envelope, `{total, data[]}`.
 */

interface Envelope<T> {
  total?: string;
  data?: T[];
}

interface Alert {
  id?: string;
  url?: string;
  title?: string;
  parkCode?: string;
  description?: string;
  category?: string;
  lastIndexedDate?: string;
}

interface Park {
  fullName?: string;
  url?: string;
  operatingHours?: { name?: string; exceptions?: { name?: string; startDate?: string; endDate?: string; exceptionHours?: Record<string, string> }[] }[];
}

const isDay = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

function parseEnvelope<T>(body: string): Envelope<T> | string {
  if (body.trim() === '') return 'the answer was empty';
  try {
    const parsed = JSON.parse(body) as Envelope<T>;
    if (parsed === null || typeof parsed !== 'object' || !Array.isArray(parsed.data)) return 'the answer has no data list; is WATCH_NPS_BASE_URL the NPS API?';
    return parsed;
  } catch (error) {
    return `the answer is not JSON (${(error as Error).message})`;
  }
}

const closedAllWeek = (hours: Record<string, string> | undefined) => hours === undefined || Object.values(hours).every((value) => value.trim() === '' || /^closed$/i.test(value.trim()));

export async function readNps(parameters: { parkCode: string }, context: MethodContext): Promise<SourceReading> {
  const { fetcher, environment, now } = context;
  const base = environment.npsBaseUrl.replace(/\/+$/, '');
  const alertsUrl = `${base}/alerts?parkCode=${encodeURIComponent(parameters.parkCode)}&limit=100`;
  const parksUrl = `${base}/parks?parkCode=${encodeURIComponent(parameters.parkCode)}`;
  if (!environment.npsApiKey) return failed(parksUrl, 'no NPS API key: set NPS_API_KEY (a repository secret in the workflow)');
  const headers = { 'x-api-key': environment.npsApiKey };
  const [alertsAnswer, parksAnswer] = await Promise.all([fetcher.get(alertsUrl, { accept: 'application/json', headers }), fetcher.get(parksUrl, { accept: 'application/json', headers })]);
  if (!alertsAnswer.ok) return failed(alertsUrl, alertsAnswer.error);
  if (!parksAnswer.ok) return failed(parksUrl, parksAnswer.error);
  const alerts = parseEnvelope<Alert>(alertsAnswer.body);
  if (typeof alerts === 'string') return failed(alertsUrl, alerts);
  const parks = parseEnvelope<Park>(parksAnswer.body);
  if (typeof parks === 'string') return failed(parksUrl, parks);
  const park = parks.data!.find(Boolean);
  // Every park has an entry: none means a wrong code or a broken answer, never "nothing announced".
  if (!park) return failed(parksUrl, `no park with code "${parameters.parkCode}" in the answer`);

  const readAt = now.toISOString();
  const parkName = park.fullName ?? parameters.parkCode;
  const parkUrl = park.url ?? `https://www.nps.gov/${parameters.parkCode}/`;
  const observations: Observation[] = [];
  for (const alert of alerts.data!) {
    if (alert.category !== 'Park Closure' || !alert.id) continue;
    observations.push({
      itemId: `alert:${alert.id}`,
      condition: 'partially_closed',
      summary: oneLine(`${parkName}: ${alert.title ?? 'closure alert'}`),
      url: alert.url || `https://www.nps.gov/${parameters.parkCode}/planyourvisit/conditions.htm`,
      sourceName: 'National Park Service',
      kind: 'official',
      readAt,
      details: `The National Park Service lists a "Park Closure" alert for ${parkName}${alert.lastIndexedDate ? ` (indexed ${alert.lastIndexedDate})` : ''}: ${alert.title ?? ''}\n\n${alert.description ?? ''}`.trim(),
    });
  }
  const facilities = park.operatingHours ?? [];
  for (const facility of facilities) {
    for (const exception of facility.exceptions ?? []) {
      if (!isDay(exception.startDate) || !isDay(exception.endDate) || !closedAllWeek(exception.exceptionHours)) continue;
      const period = periodOnReadDay(exception.startDate, exception.endDate, now);
      if (!period) continue;
      const wholePark = facilities.length === 1;
      const what = facility.name ?? parkName;
      observations.push({
        itemId: `hours:${what}:${exception.name ?? ''}:${exception.startDate}`,
        condition: wholePark ? 'closed' : 'partially_closed',
        summary: oneLine(`${wholePark ? parkName : `${what}, ${parkName},`} closed from ${exception.startDate} to ${exception.endDate}${exception.name ? ` (${exception.name})` : ''}`),
        ...period,
        ...(period.until ? { untilKind: 'announced' as const } : {}),
        url: `https://www.nps.gov/${parameters.parkCode}/planyourvisit/hours.htm`,
        sourceName: 'National Park Service',
        kind: 'official',
        readAt,
        details: `The National Park Service's operating hours for ${what} list an exception, "${exception.name ?? 'unnamed'}", from ${exception.startDate} to ${exception.endDate} with no opening hours (closed). Read from the NPS API on ${dayOfInstant(now.getTime())}; park page: ${parkUrl}`,
      });
    }
  }
  return { ok: true, observations, itemsListed: alerts.data!.length + facilities.reduce((sum, facility) => sum + (facility.exceptions?.length ?? 0), 0), checkedUrl: parksUrl };
}
