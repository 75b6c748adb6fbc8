import ICAL from 'ical.js';
import { addDays } from '../../schema/calendar.ts';
import { failed, oneLine, periodOnReadDay, type MethodContext, type Observation, type SourceReading } from '../observation.ts';

/**
 * An operator's iCalendar feed (RFC 5545) of closures: each event closes the landmark from its
 * first day to its last (an all-day event's DTEND is the day after). A recurring event is read at
 * its first occurrence. A calendar with no events is read successfully and lists no closure.
 */
export async function readIcal(parameters: { url: string }, context: MethodContext): Promise<SourceReading> {
  const { fetcher, now, landmark } = context;
  const answer = await fetcher.get(parameters.url, { accept: 'text/calendar' });
  if (!answer.ok) return failed(parameters.url, answer.error);
  if (answer.body.trim() === '') return failed(parameters.url, 'the answer was empty');
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(answer.body));
  } catch (error) {
    return failed(parameters.url, `the answer is not iCalendar (${(error as Error).message})`);
  }
  if (calendar.name !== 'vcalendar') return failed(parameters.url, `expected a VCALENDAR; got ${calendar.name.toUpperCase()}`);
  const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
  const readAt = now.toISOString();
  const host = new URL(parameters.url).hostname;
  const observations: Observation[] = [];
  for (const event of events) {
    if (!event.uid || !event.startDate) continue;
    const from = event.startDate.toJSDate().toISOString().slice(0, 10);
    const start = event.startDate.isDate ? event.startDate.toString() : from;
    const end = event.endDate ?? event.startDate;
    const until = end.isDate ? addDays(end.toString(), end.compare(event.startDate) > 0 ? -1 : 0) : end.toJSDate().toISOString().slice(0, 10);
    const period = periodOnReadDay(start, until, now);
    if (!period) continue;
    const url = event.component.getFirstPropertyValue('url');
    observations.push({
      itemId: event.uid,
      condition: 'closed',
      summary: oneLine(`${landmark.name}: ${event.summary || 'closed'} (${start === until ? start : `${start} to ${until}`})`),
      ...period,
      ...(period.until ? { untilKind: 'announced' as const } : {}),
      url: typeof url === 'string' && url.startsWith('https://') ? url : parameters.url,
      sourceName: host,
      kind: 'official',
      readAt,
      details: `The operator's calendar lists "${event.summary ?? ''}" from ${start} to ${until}.${event.description ? `\n\n${event.description}` : ''}`,
    });
  }
  return { ok: true, observations, itemsListed: events.length, checkedUrl: parameters.url };
}
