import { failed, oneLine, periodOnReadDay, type MethodContext, type Observation, type SourceReading } from '../observation.ts';

/**
 * schema.org JSON-LD on an operator's page: `openingHoursSpecification` and
 * `specialOpeningHoursSpecification`. A specification with `validFrom`/`validThrough` and no
 * `opens`/`closes` (or 00:00 to 00:00) closes the place on those days (schema.org's own way of
 * saying "closed"). A page whose JSON-LD carries no opening hours at all is a failure: it lists
 * nothing the watch can read, which is not the same as "no closure".
 */

type Node = Record<string, unknown>;

const scriptPattern = /<script[^>]*type\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script>/gi;

/** Every object in a JSON-LD document, @graph and nesting included. */
function* nodesOf(value: unknown): Generator<Node> {
  if (Array.isArray(value)) for (const item of value) yield* nodesOf(item);
  else if (value !== null && typeof value === 'object') {
    yield value as Node;
    for (const child of Object.values(value)) yield* nodesOf(child);
  }
}

const asList = (value: unknown): Node[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((item): item is Node => item !== null && typeof item === 'object');
const dayOfValue = (value: unknown): string | undefined => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined);
const isMidnight = (value: unknown) => typeof value === 'string' && /^00:00(:00)?$/.test(value.trim());

function isClosing(specification: Node): boolean {
  const { opens, closes } = specification;
  return (opens === undefined && closes === undefined) || (isMidnight(opens) && isMidnight(closes));
}

export async function readJsonLd(parameters: { url: string }, context: MethodContext): Promise<SourceReading> {
  const { fetcher, now, landmark } = context;
  const answer = await fetcher.get(parameters.url, { accept: 'text/html, application/ld+json;q=0.9' });
  if (!answer.ok) return failed(parameters.url, answer.error);
  const blocks = [...answer.body.matchAll(scriptPattern)].map((match) => match[1]!.trim());
  if (answer.body.trim().startsWith('{') || answer.body.trim().startsWith('[')) blocks.push(answer.body);
  if (blocks.length === 0) return failed(parameters.url, 'the page carries no JSON-LD (no <script type="application/ld+json">)');
  const specifications: { node: Node; special: boolean }[] = [];
  for (const [index, block] of blocks.entries()) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(block);
    } catch (error) {
      return failed(parameters.url, `JSON-LD block ${index + 1} does not parse (${(error as Error).message})`);
    }
    for (const node of nodesOf(parsed)) {
      for (const specification of asList(node.openingHoursSpecification)) specifications.push({ node: specification, special: false });
      for (const specification of asList(node.specialOpeningHoursSpecification)) specifications.push({ node: specification, special: true });
    }
  }
  if (specifications.length === 0) return failed(parameters.url, 'the JSON-LD lists no openingHoursSpecification or specialOpeningHoursSpecification');
  const readAt = now.toISOString();
  const host = new URL(parameters.url).hostname;
  const observations: Observation[] = [];
  const seen = new Set<string>();
  for (const { node } of specifications) {
    const from = dayOfValue(node.validFrom);
    const through = dayOfValue(node.validThrough);
    if (from === undefined || !isClosing(node)) continue;
    const until = through ?? from;
    const period = periodOnReadDay(from, until, now);
    const itemId = `${typeof node['@id'] === 'string' ? node['@id'] : `${parameters.url}#${from}`}`;
    if (!period || seen.has(itemId)) continue;
    seen.add(itemId);
    const name = typeof node.name === 'string' ? node.name : typeof node.description === 'string' ? node.description : undefined;
    observations.push({
      itemId,
      condition: 'closed',
      summary: oneLine(`${landmark.name} closed ${from === until ? `on ${from}` : `from ${from} to ${until}`}${name ? ` (${name})` : ''}, as its opening hours say`),
      ...period,
      ...(period.until ? { untilKind: 'announced' as const } : {}),
      url: parameters.url,
      sourceName: host,
      kind: 'official',
      readAt,
      details: `The operator's page lists special opening hours (schema.org JSON-LD) with no opening time from ${from} to ${until}${name ? `: "${name}"` : ''}.`,
    });
  }
  return { ok: true, observations, itemsListed: specifications.length, checkedUrl: parameters.url };
}
