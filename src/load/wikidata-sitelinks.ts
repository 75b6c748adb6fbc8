/**
 * Wikipedia language editions per Wikidata item, from a `wbgetentities&props=sitelinks` response.
 * Sitelink keys name a wiki: "enwiki" and "simplewiki" are Wikipedias; other projects end
 * otherwise ("enwikivoyage", "frwiktionary") or are listed here as non-Wikipedia "…wiki" sites.
 */
const nonWikipediaSites = new Set([
  'commonswiki',
  'specieswiki',
  'metawiki',
  'mediawikiwiki',
  'wikidatawiki',
  'sourceswiki',
  'incubatorwiki',
  'outreachwiki',
  'foundationwiki',
  'wikimaniawiki',
  'wikifunctionswiki',
]);

export function isWikipediaSite(site: string): boolean {
  return /^[a-z_]+wiki$/.test(site) && !nonWikipediaSites.has(site);
}

interface WbGetEntitiesResponse {
  entities?: Record<string, { id?: string; missing?: string; sitelinks?: Record<string, unknown> }>;
  error?: { code?: string; info?: string };
}

/** Counts per requested id; ids Wikidata reports missing are left out, so they keep no count. */
export function wikipediaEditionsFrom(response: unknown): Map<string, number> {
  const parsed = response as WbGetEntitiesResponse;
  if (parsed.error) throw new Error(`Wikidata refused the request: ${parsed.error.code ?? ''} ${parsed.error.info ?? ''}`.trim());
  if (!parsed.entities || typeof parsed.entities !== 'object') throw new Error('Wikidata answered without "entities"; is the endpoint right?');
  const counts = new Map<string, number>();
  for (const [requestedId, entity] of Object.entries(parsed.entities)) {
    if (entity.missing !== undefined) continue;
    counts.set(requestedId, Object.keys(entity.sitelinks ?? {}).filter(isWikipediaSite).length);
  }
  return counts;
}
