import type { LandmarkDetail } from '../../schema/api.ts';

/**
 * Closures in effect or announced ahead, the way search engines read exceptional hours: a
 * specification whose opening and closing times are both midnight says closed all day, from
 * validFrom through validThrough. Only full closures qualify; the other conditions leave a place open.
 */
function announcedClosures(landmark: LandmarkDetail): Record<string, unknown>[] {
  return landmark.reports
    .filter((report) => report.condition === 'closed' && (report.isCurrent || report.isUpcoming))
    .map((report) => ({
      '@type': 'OpeningHoursSpecification',
      opens: '00:00',
      closes: '00:00',
      validFrom: report.from,
      validThrough: report.currentUntil,
    }));
}

/** schema.org data about a landmark, for search engines: what and where it is, what it is on Wikidata, and its announced closures. */
export function touristAttraction(landmark: LandmarkDetail): Record<string, unknown> {
  const { location, coordinates } = landmark;
  const closures = announcedClosures(landmark);
  return {
    '@context': 'https://schema.org',
    '@type': 'TouristAttraction',
    name: landmark.name,
    ...(landmark.aliases.length > 0 && { alternateName: landmark.aliases }),
    url: landmark.urls.html,
    address: {
      '@type': 'PostalAddress',
      ...(location.city && { addressLocality: location.city }),
      ...(location.region && { addressRegion: location.region }),
      addressCountry: location.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: coordinates.lat, longitude: coordinates.lon },
    sameAs: [`https://www.wikidata.org/wiki/${landmark.wikidata}`, ...(landmark.website ? [landmark.website] : [])],
    ...(closures.length > 0 && { specialOpeningHoursSpecification: closures }),
  };
}
