import type { StoredReport } from '../schema/api.ts';
import { addDays } from '../schema/calendar.ts';
import { dataLicense } from '../domain/data-license.ts';
import { conditionLabel } from '../domain/in-words.ts';

/**
 * A landmark's announced periods as an iCalendar file (RFC 5545) a traveller subscribes to: one
 * all-day event per report whose source gave an end, stated or estimated, ending where a report
 * that supersedes it begins. An event's UID is its
 * report's id, so a calendar that fetches the file again updates the event instead of adding a
 * second one; DTSTAMP is the report's last change, so the same data gives the same bytes.
 */

/** RFC 5545 3.3.11: backslash, semicolon, comma and newlines are escaped in text values. */
const text = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** "2026-01-05" as a DATE value, "20260105". */
const dateValue = (day: string) => day.replace(/-/g, '');

/** "2026-11-20T10:00:00Z" as a UTC DATE-TIME value, "20261120T100000Z". */
const dateTimeValue = (timestamp: string) => timestamp.replace(/[-:]/g, '').replace(/\.\d+/, '');

const encoder = new TextEncoder();

/** RFC 5545 3.1: lines longer than 75 octets are folded, never inside a UTF-8 character. */
function fold(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    // The first line holds 75 octets; each continuation starts with a space, leaving 74.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(part);
      part = '';
      octets = 0;
    }
    part += character;
    octets += size;
  }
  parts.push(part);
  return parts.join('\r\n ');
}

/** What an event is made of: a report whose source stated an end, with its landmark's name. */
export type CalendarPeriod = Pick<StoredReport, 'id' | 'condition' | 'summary' | 'from' | 'currentUntil' | 'until' | 'untilKind' | 'supersededBy' | 'source' | 'updatedAt'> & {
  urls: { html: string };
  landmark: { name: string };
};

function event(report: CalendarPeriod, host: string): string[] {
  const estimated = report.untilKind === 'estimated';
  const source = [report.source.kind, report.source.name, report.source.url].filter(Boolean).join(', ');
  const description =
    `${report.summary}\n` +
    `${estimated ? 'The end is an estimate of the source' : 'The end is the date the source stated'}: ${report.until}.\n` +
    (report.supersededBy === null ? '' : `Superseded by report ${report.supersededBy}: it counts until ${report.currentUntil}.\n`) +
    `Source: ${source}.\nReport: ${report.urls.html}`;
  return [
    'BEGIN:VEVENT',
    `UID:${report.id}@${host}`,
    `DTSTAMP:${dateTimeValue(report.updatedAt)}`,
    `DTSTART;VALUE=DATE:${dateValue(report.from)}`,
    // All-day events end on the day after their last day (DTEND is exclusive).
    // currentUntil is the stated end, or the day before a superseding report begins.
    `DTEND;VALUE=DATE:${dateValue(addDays(report.currentUntil, 1))}`,
    `SUMMARY:${text(`${report.landmark.name}: ${conditionLabel(report.condition)}${estimated ? ' (end estimated)' : ''}`)}`,
    `DESCRIPTION:${text(description)}`,
    `URL:${report.urls.html}`,
    `STATUS:${estimated ? 'TENTATIVE' : 'CONFIRMED'}`,
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}

export interface CalendarLandmark {
  name: string;
  urls: { html: string };
  reports: readonly StoredReport[];
}

export function landmarkCalendar(landmark: CalendarLandmark): string {
  return periodsCalendar({
    name: `${landmark.name}: announced closures and works`,
    description: `Periods announced for ${landmark.name}, from ${landmark.urls.html}.`,
    url: landmark.urls.html,
    periods: landmark.reports,
  });
}

/** A calendar of periods with a stated end, one event each: of a landmark, or of every landmark of a place. */
export function periodsCalendar({ name, description, url, periods: candidates }: { name: string; description: string; url: string; periods: readonly CalendarPeriod[] }): string {
  const host = new URL(url).host;
  // A period superseded before its first day never comes: no event.
  const periods = candidates.filter((report) => report.until !== null && report.from <= report.currentUntil).sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : a.id < b.id ? -1 : 1));
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//Landmark Condition Reports//${host}//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${text(name)}`,
    `X-WR-CALDESC:${text(`${description} ${dataLicense.shortTitle}: ${dataLicense.attribution}.`)}`,
    ...periods.flatMap((report) => event(report, host)),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
