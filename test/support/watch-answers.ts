/**
 * Recorded answers in the formats the watched sources use (NPS API v1, schema.org JSON-LD,
 * iCalendar, RSS 2.0, Atom, SPARQL 1.1 JSON results), made up for the tests around one day:
 * the watch reads on 2026-11-27.
 */
export const readDay = '2026-11-27';
export const readTime = new Date(`${readDay}T06:00:00Z`);

export const npsAlerts = (alerts: { id: string; title: string; category: string }[]) =>
  JSON.stringify({
    total: String(alerts.length),
    limit: '100',
    start: '0',
    data: alerts.map((alert) => ({
      id: alert.id,
      url: 'https://www.nps.gov/grca/planyourvisit/conditions.htm',
      title: alert.title,
      parkCode: 'grca',
      description: `${alert.title}. Check back for updates.`,
      category: alert.category,
      lastIndexedDate: '2026-11-20 10:00:00.0',
    })),
  });

const week = (value: string) => Object.fromEntries(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((day) => [day, value]));

export const npsParks = (northRimEnd = '2027-05-14') =>
  JSON.stringify({
    total: '1',
    limit: '50',
    start: '0',
    data: [
      {
        fullName: 'Grand Canyon National Park',
        parkCode: 'grca',
        url: 'https://www.nps.gov/grca/index.htm',
        operatingHours: [
          { name: 'South Rim', standardHours: week('All Day'), exceptions: [{ name: 'Open as usual', startDate: '2026-12-25', endDate: '2026-12-25', exceptionHours: week('All Day') }] },
          { name: 'North Rim', standardHours: week('All Day'), exceptions: [{ name: 'Winter closure', startDate: '2026-12-01', endDate: northRimEnd, exceptionHours: {} }] },
        ],
      },
    ],
  });

export const npsParksWithoutClosures = JSON.stringify({ total: '1', limit: '50', start: '0', data: [{ fullName: 'Grand Canyon National Park', parkCode: 'grca', url: 'https://www.nps.gov/grca/index.htm', operatingHours: [{ name: 'South Rim', standardHours: week('All Day'), exceptions: [] }] }] });

export const jsonLdPage = (closedThrough = '2027-01-09') => `<!doctype html>
<html><head><title>Museum of Plans: opening hours</title>
<script type="application/ld+json">
{"@context":"https://schema.org","@type":"Museum","name":"Museum of Plans",
 "openingHoursSpecification":[{"@type":"OpeningHoursSpecification","dayOfWeek":["Tuesday","Wednesday"],"opens":"10:00","closes":"18:00"}],
 "specialOpeningHoursSpecification":[
   {"@type":"OpeningHoursSpecification","validFrom":"2027-01-05","validThrough":"${closedThrough}","name":"Annual maintenance"},
   {"@type":"OpeningHoursSpecification","validFrom":"2026-12-24","validThrough":"2026-12-24","opens":"10:00","closes":"14:00"}
 ]}
</script></head><body>Opening hours</body></html>`;

export const calendar = (events: { uid: string; summary: string; start: string; endExclusive: string }[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Museum of Plans//Closures//EN',
    ...events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      'DTSTAMP:20261120T090000Z',
      `DTSTART;VALUE=DATE:${event.start.replace(/-/g, '')}`,
      `DTEND;VALUE=DATE:${event.endExclusive.replace(/-/g, '')}`,
      `SUMMARY:${event.summary}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');

export const rssFeed = (items: { guid: string; title: string; published: string }[]) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Museum of Plans news</title><link>https://museum.example/</link><description>News</description>
${items.map((item) => `<item><guid>${item.guid}</guid><title>${item.title}</title><link>https://museum.example/news/${item.guid}</link><description>${item.title}.</description><pubDate>${new Date(item.published).toUTCString()}</pubDate></item>`).join('\n')}
</channel></rss>`;

export const atomFeed = (items: { id: string; title: string; updated: string }[]) => `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Museum of Plans news</title><id>https://museum.example/atom</id><updated>2026-11-26T00:00:00Z</updated>
${items.map((item) => `<entry><id>${item.id}</id><title>${item.title}</title><link href="https://museum.example/news/${encodeURIComponent(item.id)}"/><updated>${item.updated}</updated><summary>${item.title}</summary></entry>`).join('\n')}
</feed>`;

export const sparqlResults = (bindings: { statement: string; state: string; start?: string; end?: string }[]) =>
  JSON.stringify({
    head: { vars: ['statement', 'stateLabel', 'start', 'end'] },
    results: {
      bindings: bindings.map((binding) => ({
        statement: { type: 'uri', value: `http://www.wikidata.org/entity/statement/${binding.statement}` },
        stateLabel: { 'xml:lang': 'en', type: 'literal', value: binding.state },
        ...(binding.start ? { start: { datatype: 'http://www.w3.org/2001/XMLSchema#dateTime', type: 'literal', value: `${binding.start}T00:00:00Z` } } : {}),
        ...(binding.end ? { end: { datatype: 'http://www.w3.org/2001/XMLSchema#dateTime', type: 'literal', value: `${binding.end}T00:00:00Z` } } : {}),
      })),
    },
  });
