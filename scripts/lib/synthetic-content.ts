// Deterministic synthetic catalogues for tests and benchmarks: made-up landmarks and reports that
// look like real content (names with diacritics, several countries, all conditions), generated in
// memory or into a temporary folder. Never written into content/.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CatalogueInput, ReportInput } from '../../src/domain/catalogue.ts';
import { conditions } from '../../src/schema/conditions.ts';

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

export function syntheticCatalogueInput({ landmarks, reports, seed = 1, today = '2026-11-01', skew = 0, announced: announcedShare = 0 }: SyntheticOptions): CatalogueInput {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const todayMs = Date.parse(`${today}T00:00:00Z`);

  const landmarkInputs: CatalogueInput['landmarks'][number][] = [];
  for (let index = 0; index < landmarks; index++) {
    const place = pick(places);
    const name = `${pick(adjectives)} ${pick(kinds)} ${index.toString(36)}`;
    landmarkInputs.push({
      slug: `${name.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace(/[^a-z0-9]+/g, '-')}`,
      description: `Synthetic landmark number ${index}.`,
      frontmatter: {
        name,
        aliases: index % 3 === 0 ? [`${place.city} ${pick(kinds)} ${index}`] : [],
        location: place,
        coordinates: { lat: Math.round((random() * 160 - 80) * 1e4) / 1e4, lon: Math.round((random() * 340 - 170) * 1e4) / 1e4 },
        wikidata: `Q${1_000_000 + index}`,
      },
    });
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
    reportInputs.push({
      id,
      landmarkSlug: landmarkInputs[drawLandmark()]!.slug,
      details: `Synthetic report number ${index}.`,
      committedAt: committed,
      frontmatter: {
        condition: pick(conditions),
        summary: `Synthetic observation ${index}.`,
        observedAt: observed,
        confirmations: [],
        source: announced ? { kind: 'official', url: 'https://example.org/notice' } : { kind: 'traveller' },
        additionalSources: [],
        ...(from && { from, until, untilKind: index % (2 * announcedEvery) === 0 ? ('estimated' as const) : undefined }),
      },
    });
  }
  return { landmarks: landmarkInputs, reports: reportInputs };
}

/** Writes a synthetic catalogue as content files, for timing the loader on realistic input. */
export async function writeSyntheticContent(root: string, input: CatalogueInput): Promise<void> {
  for (const landmark of input.landmarks) {
    const { name, location, coordinates, wikidata, watch } = landmark.frontmatter;
    // JSON is YAML's flow style: each source on one line.
    const watchLines = watch && watch.length > 0 ? `watch:\n${watch.map((source) => `  - ${JSON.stringify(source)}\n`).join('')}` : '';
    const file = path.join(root, 'content/landmarks', `${landmark.slug}.md`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(
      file,
      `---\nname: ${name}\nlocation:\n  city: ${location.city}\n  country: ${location.country}\ncoordinates:\n  lat: ${coordinates.lat}\n  lon: ${coordinates.lon}\nwikidata: ${wikidata}\n${watchLines}---\n${landmark.description}\n`,
    );
  }
  for (const report of input.reports) {
    const { condition, summary, observedAt, from, until, untilKind, source } = report.frontmatter;
    const file = path.join(root, 'content/reports', report.landmarkSlug, `${report.id}.md`);
    await mkdir(path.dirname(file), { recursive: true });
    const period = [from && `from: ${from}`, until && `until: ${until}`, untilKind && `untilKind: ${untilKind}`].filter(Boolean).map((line) => `${line}\n`).join('');
    const sourceLines = source.url ? `source:\n  kind: ${source.kind}\n  url: ${source.url}\n` : `source:\n  kind: ${source.kind}\n`;
    await writeFile(file, `---\ncondition: ${condition}\nsummary: ${summary}\nobservedAt: ${observedAt}\n${period}${sourceLines}---\n${report.details}\n`);
  }
}
