// Deterministic synthetic catalogues for tests and benchmarks: made-up landmarks and reports that
// look like real content (names with diacritics, several countries, all conditions), generated in
// memory or into a temporary folder. Never written into content/.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CatalogueInput, ReportInput } from '../../src/domain/catalogue.ts';
import { conditions } from '../../src/schema/conditions.ts';
import type { SourceCheck } from '../../src/schema/watch-checks.ts';
import { yamlScalar } from '../../src/drafts/yaml-scalar.ts';
import { mergedCheckRecords, writeCheckRecords } from '../../src/watch/check-records.ts';
import { wikidataQueryUrl, wikidataSparqlEndpoint } from '../../src/watch/methods/wikidata.ts';

/** mulberry32: a tiny seeded generator, so the same seed always gives the same catalogue. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const places = [
  { city: 'München', region: 'Bavaria', country: 'DE' },
  { city: 'São Paulo', region: 'São Paulo', country: 'BR' },
  { city: 'Kraków', country: 'PL' },
  { city: 'Paris', region: 'Île-de-France', country: 'FR' },
  { city: 'Kyoto', country: 'JP' },
  { city: 'Cusco', country: 'PE' },
  { city: 'Cape Town', country: 'ZA' },
  { city: 'Reykjavík', country: 'IS' },
];
const kinds = ['Tower', 'Bridge', 'Cathedral', 'Castle', 'Museum', 'Fountain', 'Palace', 'Gate', 'Temple', 'Basilica'];
const adjectives = ['Old', 'Great', 'Royal', 'Saint', 'North', 'Grand', 'Little', 'Golden', 'Blue', 'Señora'];
const idAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

export interface SyntheticOptions {
  landmarks: number;
  reports: number;
  seed?: number;
  /** Reports are dated up to this day. */
  today?: string;
  /**
   * How unevenly reports fall on landmarks: 0 spreads them uniformly; s > 0 draws each report's
   * landmark by a Zipf law of exponent s (the landmark of rank r with weight 1 / r^s), as famous
   * places gather most reports: at 1.1 over 1,000 landmarks the first holds about 18% of them.
   */
  skew?: number;
  /** The share of reports (0 to 1) that announce a period ahead, with a start and an end; none by default. */
  announced?: number;
  /**
   * Reports as heavy as the bundled ones rather than one line each: bodies of two to four
   * paragraphs (400 to 1,700 bytes, about one in ten with typographic punctuation outside Latin-1,
   * which V8 keeps in two bytes a character), a named source with its URL, further sources, dated
   * confirmations, and one in ten announcing a period. A million light reports fit a heap that a
   * million real ones overflow, so the bench builds realistic ones.
   * Landmarks are watched as the bundled ones are (31 in 32 watch Wikidata), each with the record
   * a daily run of the watch leaves in content/watch/checks.yaml (watchChecks): at 100,000
   * landmarks that file is 73 MB (most of a record is the SPARQL address read), which the build
   * reads and publishes.
   */
  realistic?: boolean;
}

/**
 * A draw of landmark positions by a Zipf law of exponent `skew`, by halving over the cumulative
 * weights; uniform from `random` itself when skew is 0, so unskewed catalogues stay what they were.
 */
function landmarkDraw(landmarks: number, skew: number, random: () => number, seed: number): () => number {
  if (skew <= 0) return () => Math.floor(random() * landmarks);
  const zipfRandom = seededRandom(seed);
  const cumulative = new Float64Array(landmarks);
  let total = 0;
  for (let rank = 0; rank < landmarks; rank++) cumulative[rank] = total += 1 / (rank + 1) ** skew;
  return () => {
    const target = zipfRandom() * total;
    let low = 0;
    let high = landmarks - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

export function syntheticCatalogueInput({ landmarks, reports, seed = 1, today = '2026-11-01', skew = 0, announced = 0, realistic = false }: SyntheticOptions): CatalogueInput {
  const announcedShare = realistic ? Math.max(announced, 0.1) : announced;
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const todayMs = Date.parse(`${today}T00:00:00Z`);

  const landmarkInputs: CatalogueInput['landmarks'][number][] = [];
  const watchChecks: Record<string, Record<string, SourceCheck>> = {};
  for (let index = 0; index < landmarks; index++) {
    const place = pick(places);
    const name = `${pick(adjectives)} ${pick(kinds)} ${index.toString(36)}`;
    const slug = `${name.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace(/[^a-z0-9]+/g, '-')}`;
    const wikidata = `Q${1_000_000 + index}`;
    // Chosen by position, not drawn: the reports stay the ones the same seed always gave.
    const watched = realistic && index % 32 !== 0;
    landmarkInputs.push({
      slug,
      description: `Synthetic landmark number ${index}.`,
      frontmatter: {
        name,
        aliases: index % 3 === 0 ? [`${place.city} ${pick(kinds)} ${index}`] : [],
        location: place,
        coordinates: { lat: Math.round((random() * 160 - 80) * 1e4) / 1e4, lon: Math.round((random() * 340 - 170) * 1e4) / 1e4 },
        wikidata,
        ...(watched && { watch: [{ wikidata: {} }] }),
      },
    });
    if (watched) watchChecks[slug] = { wikidata: wikidataCheck(wikidata, index, today) };
  }

  const usedIds = new Set<string>();
  const reportInputs: ReportInput[] = [];
  const drawLandmark = landmarkDraw(landmarks, skew, random, seed + 1);
  const announcedEvery = announcedShare > 0 ? Math.max(1, Math.round(1 / announcedShare)) : 0;
  for (let index = 0; index < reports && landmarks > 0; index++) {
    let id = '';
    while (id === '' || usedIds.has(id)) id = Array.from({ length: 10 }, () => pick([...idAlphabet])).join('');
    usedIds.add(id);
    const observed = new Date(todayMs - Math.floor(random() * 400) * 86_400_000).toISOString().slice(0, 10);
    const observedMs = Date.parse(`${observed}T00:00:00Z`);
    const committed = new Date(observedMs + Math.floor(random() * 86_400) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    // Every so many reports announce a period ahead, with an end stated or estimated, as notices do.
    const announced = announcedEvery > 0 && index % announcedEvery === 0;
    const dayAfter = (days: number) => new Date(observedMs + days * 86_400_000).toISOString().slice(0, 10);
    const from = announced ? dayAfter(1 + Math.floor(random() * 120)) : undefined;
    const until = from ? dayAfter(Math.round((Date.parse(`${from}T00:00:00Z`) - observedMs) / 86_400_000) + Math.floor(random() * 365)) : undefined;
    const landmarkSlug = landmarkInputs[drawLandmark()]!.slug;
    const condition = pick(conditions);
    const heavy = realistic ? realisticParts({ index, landmarkSlug, condition, observedMs, todayMs, random, pick }) : undefined;
    reportInputs.push({
      id,
      landmarkSlug,
      details: heavy?.details ?? `Synthetic report number ${index}.`,
      committedAt: committed,
      frontmatter: {
        condition,
        summary: heavy?.summary ?? `Synthetic observation ${index}.`,
        observedAt: observed,
        confirmations: heavy?.confirmations ?? [],
        source: heavy?.source ?? (announced ? { kind: 'official', url: 'https://example.org/notice' } : { kind: 'traveller' }),
        additionalSources: heavy?.additionalSources ?? [],
        ...(from && { from, until, untilKind: index % (2 * announcedEvery) === 0 ? ('estimated' as const) : undefined }),
      },
    });
  }
  return { landmarks: landmarkInputs, reports: reportInputs, ...(realistic && { watchChecks }) };
}

/**
 * The record a run of the watch on the morning of `today` leaves for a landmark's Wikidata: most
 * items state no state of use, so the read lists nothing; one in twenty states one.
 */
function wikidataCheck(wikidata: string, index: number, today: string): SourceCheck {
  const checkedAt = `${today}T06:00:00Z`;
  const items = index % 20 === 0 ? 1 : 0;
  return { method: 'wikidata', url: wikidataQueryUrl(wikidataSparqlEndpoint, wikidata), checkedAt, outcome: items > 0 ? 'ok' : 'empty', items, lastSuccessAt: checkedAt };
}

const outlets = ['The Daily Courier', 'Radio Nacional', 'Le Quotidien', 'Gazeta Wyborcza', 'The Straits Herald', 'Folha da Manhã', 'Kyoto Shimbun', 'Cape Argus'];
const sentences = [
  (n: number, place: string) => `Staff at the entrance told visitors on ${n % 28 + 1} of the month that the works around ${place} would continue for several weeks.`,
  (n: number) => `A notice posted by the operator said that ${n % 7 + 2} of the rooms on the upper floor were closed while the roof was repaired, and that guided tours would keep to the ground floor.`,
  (n: number) => `Scaffolding covered the western facade up to level ${n % 9 + 2}, with netting hung over the windows; the main doors stayed open.`,
  (n: number, place: string) => `The city council of ${place} approved a budget of ${(n % 90) + 10} million for the restoration, to be spent over three years.`,
  (n: number) => `Visitors were let in by timed tickets only, in groups of at most ${n % 40 + 10}, and the terrace with the classic view was fenced off.`,
  () => 'A crane stood in the square in front of the building, and the view from the usual viewpoint took it in whatever the angle.',
  (n: number) => `Local press reported that ${n % 300 + 20} workers were on the site and that the opening hours had been cut to the afternoon.`,
  () => 'The ticket office said that the closure did not affect the gardens, which could be visited as usual from the side gate.',
];
const typographic = ['\u2014', '\u2019', '\u201c', '\u2026'];

/** The fields that make a realistic report heavy: a body of a few paragraphs, sources and confirmations. */
function realisticParts({ index, landmarkSlug, condition, observedMs, todayMs, random, pick }: {
  index: number;
  landmarkSlug: string;
  condition: string;
  observedMs: number;
  todayMs: number;
  random: () => number;
  pick: <T>(items: readonly T[]) => T;
}): Pick<ReportInput, 'details'> & Pick<ReportInput['frontmatter'], 'summary' | 'confirmations' | 'source' | 'additionalSources'> {
  const place = landmarkSlug.replace(/-/g, ' ');
  const paragraphs = Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
    Array.from({ length: 1 + Math.floor(random() * 2) }, () => pick(sentences)(Math.floor(random() * 10_000), place)).join(' '),
  );
  // About one body in ten carries punctuation outside Latin-1, as the bundled reports do.
  if (random() < 0.1) paragraphs[0] = `${paragraphs[0]} ${pick(typographic)} as a guide put it.`;
  const outlet = pick(outlets);
  const host = `${outlet.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace(/[^a-z]+/g, '')}.example.org`;
  const articleUrl = (n: number) => `https://${host}/${new Date(observedMs).toISOString().slice(0, 7).replace('-', '/')}/${place.replace(/ /g, '-')}-${condition.replace(/_/g, '-')}-${index}-${n}`;
  const confirmationCount = random() < 0.3 ? 1 + Math.floor(random() * 3) : 0;
  const confirmations = Array.from({ length: confirmationCount }, (_, n) => {
    const date = new Date(Math.min(todayMs, observedMs + (n + 1) * (5 + Math.floor(random() * 40)) * 86_400_000)).toISOString().slice(0, 10);
    return n % 2 === 0 ? { date, note: `Still ${condition.replace(/_/g, ' ')} when seen from the square; the notice at the gate was unchanged.` } : { date };
  });
  const additionalSources = Array.from({ length: random() < 0.5 ? 1 + Math.floor(random() * 2) : 0 }, (_, n) => ({ name: pick(outlets), url: articleUrl(n + 1) }));
  return {
    summary: `${condition.replace(/_/g, ' ')} at ${place}: the operator announced works on the roof and facade, with timed entry for visitors (${index}).`.slice(0, 200),
    details: paragraphs.join('\n\n'),
    confirmations,
    source: { kind: pick(['press', 'official', 'traveller'] as const), name: outlet, url: articleUrl(0) },
    additionalSources,
  };
}

/** Writes a synthetic catalogue as content files, for timing the loader on realistic input. */
export async function writeSyntheticContent(root: string, input: CatalogueInput): Promise<void> {
  for (const landmark of input.landmarks) {
    const { name, location, coordinates, wikidata, watch } = landmark.frontmatter;
    // As the bundled landmarks list them ("- wikidata: {}"): a method's options in flow style, JSON being YAML's.
    const watchLines = watch && watch.length > 0 ? `watch:\n${watch.flatMap((source) => Object.entries(source).map(([method, options]) => `  - ${method}: ${JSON.stringify(options)}\n`)).join('')}` : '';
    const file = path.join(root, 'content/landmarks', `${landmark.slug}.md`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(
      file,
      `---\nname: ${name}\nlocation:\n  city: ${location.city}\n  country: ${location.country}\ncoordinates:\n  lat: ${coordinates.lat}\n  lon: ${coordinates.lon}\nwikidata: ${wikidata}\n${watchLines}---\n${landmark.description}\n`,
    );
  }
  for (const report of input.reports) {
    const { condition, summary, observedAt, from, until, untilKind, source, confirmations, additionalSources } = report.frontmatter;
    const file = path.join(root, 'content/reports', report.landmarkSlug, `${report.id}.md`);
    await mkdir(path.dirname(file), { recursive: true });
    const period = [from && `from: ${from}`, until && `until: ${until}`, untilKind && `untilKind: ${untilKind}`].filter(Boolean).map((line) => `${line}\n`).join('');
    const sourceLines = `source:\n  kind: ${source.kind}\n${source.name ? `  name: ${yamlScalar(source.name)}\n` : ''}${source.url ? `  url: ${source.url}\n` : ''}`;
    const confirmationLines = confirmations.length === 0 ? '' : `confirmations:\n${confirmations.map(({ date, note }) => `  - date: ${date}\n${note ? `    note: ${yamlScalar(note)}\n` : ''}`).join('')}`;
    const citationLines = additionalSources.length === 0 ? '' : `additionalSources:\n${additionalSources.map(({ name, url }) => `  - name: ${yamlScalar(name)}\n    url: ${url}\n`).join('')}`;
    await writeFile(file, `---\ncondition: ${condition}\nsummary: ${yamlScalar(summary)}\nobservedAt: ${observedAt}\n${confirmationLines}${period}${sourceLines}${citationLines}---\n${report.details}\n`);
  }
  // As the watch writes them.
  if (input.watchChecks) await writeCheckRecords(root, mergedCheckRecords({ checks: {} }, new Map(Object.entries(input.watchChecks))));
}
