import type { Condition } from '../../schema/conditions.ts';
import { failed, oneLine, periodOnReadDay, type MethodContext, type Observation, type SourceReading } from '../observation.ts';

/**
 * Wikidata's state of use (P5817) of the landmark's own item, with its start (P580) and end (P582)
 * time qualifiers, by SPARQL. Deprecated statements are left out. States are read by their English
 * label, so that no item id is written here from memory: closed states close, renovation states
 * are refurbishment, and "in use" is nothing to report. Most items have no such statement: an
 * empty result is a successful read that lists nothing.
 */

/** Wikidata's public SPARQL endpoint, which the watch reads unless told another (WATCH_WIKIDATA_SPARQL_URL). */
export const wikidataSparqlEndpoint = 'https://query.wikidata.org/sparql';

const query = (wikidata: string) => `SELECT ?statement ?stateLabel ?start ?end WHERE {
  wd:${wikidata} p:P5817 ?statement .
  ?statement ps:P5817 ?state .
  FILTER NOT EXISTS { ?statement wikibase:rank wikibase:DeprecatedRank }
  OPTIONAL { ?statement pq:P580 ?start }
  OPTIONAL { ?statement pq:P582 ?end }
  SERVICE wikibase:label { bd:serviceParam wikibase:language "en". }
}`;

/** The address a check of this item reads, and its record names. */
export const wikidataQueryUrl = (endpoint: string, wikidata: string): string => `${endpoint}?format=json&query=${encodeURIComponent(query(wikidata))}`;

interface Binding {
  statement?: { value: string };
  stateLabel?: { value: string };
  start?: { value: string };
  end?: { value: string };
}

function conditionOfState(label: string): Condition | undefined {
  const text = label.toLowerCase();
  if (/renovat|restor|refurbish|reconstruct|under construction/.test(text)) return 'refurbishment';
  if (/closed|not in use|disused|out of service/.test(text)) return 'closed';
  return undefined;
}

const dayOfTime = (value: string | undefined) => (value && /^\+?\d{4}-\d{2}-\d{2}/.test(value) ? value.replace(/^\+/, '').slice(0, 10) : undefined);

export async function readWikidata(_parameters: object, context: MethodContext): Promise<SourceReading> {
  const { fetcher, now, landmark, environment } = context;
  const url = wikidataQueryUrl(environment.wikidataSparqlUrl, landmark.wikidata);
  const answer = await fetcher.get(url, { accept: 'application/sparql-results+json' });
  if (!answer.ok) return failed(url, answer.error);
  if (answer.body.trim() === '') return failed(url, 'the answer was empty');
  let bindings: Binding[];
  try {
    const parsed = JSON.parse(answer.body) as { results?: { bindings?: Binding[] } };
    if (!Array.isArray(parsed.results?.bindings)) return failed(url, 'the answer has no results.bindings; is WATCH_WIKIDATA_SPARQL_URL a SPARQL endpoint?');
    bindings = parsed.results.bindings;
  } catch (error) {
    return failed(url, `the answer is not JSON (${(error as Error).message})`);
  }
  const readAt = now.toISOString();
  const page = `https://www.wikidata.org/wiki/${landmark.wikidata}#P5817`;
  const observations: Observation[] = [];
  for (const binding of bindings) {
    const label = binding.stateLabel?.value ?? '';
    const condition = conditionOfState(label);
    const statement = binding.statement?.value.split('/').pop();
    if (!condition || !statement) continue;
    const period = periodOnReadDay(dayOfTime(binding.start?.value), dayOfTime(binding.end?.value), now);
    if (!period) continue;
    observations.push({
      itemId: statement,
      condition,
      summary: oneLine(`${landmark.name}: state of use "${label}" on Wikidata${period.until ? ` until ${period.until}` : ''}`),
      ...period,
      ...(period.until ? { untilKind: 'announced' as const } : {}),
      url: page,
      sourceName: 'Wikidata',
      kind: 'official',
      readAt,
      details: `Wikidata's item ${landmark.wikidata} states its state of use (P5817) as "${label}"${binding.start ? ` from ${dayOfTime(binding.start.value)}` : ''}${binding.end ? ` until ${dayOfTime(binding.end.value)}` : ''}. Before merging, cite the page the statement's reference names as the source, not Wikidata itself.`,
    });
  }
  return { ok: true, observations, itemsListed: bindings.length, checkedUrl: url };
}
