import type { LandmarkDetail } from '../../schema/api.ts';

/** schema.org data about a landmark, for search engines: what and where it is, and what it is on Wikidata. */
export function touristAttraction(landmark: LandmarkDetail): Record<string, unknown> {
  const { location, coordinates } = landmark;
  return {
    '@context': 'https://schema.org',
    '@type': 'TouristAttraction',
    name: landmark.name,
    ...(landmark.aliases.length > 0 && { alternateName: landmark.aliases }),
    url: landmark.urls.html,
    address: {
      '@type': 'PostalAddress',
      addressLocality: location.city,
      ...(location.region && { addressRegion: location.region }),
      addressCountry: location.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: coordinates.lat, longitude: coordinates.lon },
    sameAs: [`https://www.wikidata.org/wiki/${landmark.wikidata}`, ...(landmark.website ? [landmark.website] : [])],
  };
}
