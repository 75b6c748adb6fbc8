// The search section of `npm run bench`: how well our sharded index finds what travellers type,
// against one MiniSearch index of the same landmarks as a typical user would set it up (prefix and
// fuzzy search, name and alias boosted, diacritics folded), on the relevance set over the bundled
// content; then, at each catalogue size, what a query costs: the files it reads, their bytes and
// the time to parse them and answer, beside what MiniSearch must load before its first answer.
import path from 'node:path';
import MiniSearch, { type SearchOptions } from 'minisearch';
import { buildCatalogue, summaryOf } from '../../src/domain/catalogue.ts';
import { buildSearchShards } from '../../src/api/search/build-index.ts';
import { queryWords, runSearch } from '../../src/api/search/run-query.ts';
import type { SearchShard } from '../../src/api/search/shard.ts';
import { loadContent } from '../../src/load/load-content.ts';
import { loadPopularity } from '../../src/load/popularity.ts';
import type { StoredLandmarkSummary } from '../../src/schema/api.ts';
import { relevanceSet } from './search-relevance-set.ts';
import { syntheticCatalogueInput } from './synthetic-content.ts';
import { wellKnownLandmarks } from './well-known-landmarks.ts';
import { foldLetters } from '../../src/domain/fold-letters.ts';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const miniSearchFields = ['name', 'aliases', 'city', 'region', 'country'];
/** As MiniSearch's documentation suggests for a search box: typos, prefixes, names first. */
export const miniSearchOptions: SearchOptions = { prefix: true, fuzzy: 0.2, boost: { name: 2, aliases: 1.5 } };

/** One MiniSearch index over the landmarks, folding diacritics as its documentation shows. */
function miniSearchOver(summaries: readonly StoredLandmarkSummary[]): MiniSearch {
  const miniSearch = new MiniSearch({
    fields: miniSearchFields,
    idField: 'slug',
    processTerm: (term) => term.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase(),
    extractField: (document, field) => {
      const summary = document as StoredLandmarkSummary;
      if (field === 'slug') return summary.slug;
      if (field === 'name') return summary.name;
      if (field === 'aliases') return summary.aliases.join(' ');
      if (field === 'city') return summary.location.city ?? '';
      if (field === 'region') return summary.location.region ?? '';
      return `${summary.location.countryName} ${summary.location.country}`;
    },
  });
  miniSearch.addAll(summaries);
  return miniSearch;
}

/** Our search over shards held in memory, as JSON text, counting the files a query reads. */
export function shardedSearch(summaries: readonly StoredLandmarkSummary[]) {
  const files = new Map([...buildSearchShards(summaries)].map(([key, shard]) => [key, JSON.stringify(shard)]));
  return {
    files,
    async search(query: string) {
      const read: string[] = [];
      const started = performance.now();
      const { hits } = await runSearch(queryWords(query), async (key) => {
        const text = files.get(key);
        if (text === undefined) return undefined;
        read.push(text);
        return JSON.parse(text) as SearchShard;
      });
      const milliseconds = performance.now() - started;
      const bytes = read.reduce((total, text) => total + Buffer.byteLength(text), 0);
      return { slugs: hits.map((hit) => summaries[hit.landmarkIndex]!.slug), files: read.length, bytes, milliseconds };
    },
  };
}

/** Mean reciprocal rank of the first expected landmark within the top 10, and the share ranked first, over some queries of the set. */
export function relevanceAt(positions: readonly number[], rankings: readonly string[][]): { mrr: number; hitAt1: number } {
  let reciprocal = 0;
  let first = 0;
  for (const position of positions) {
    const rank = rankings[position]!.slice(0, 10).findIndex((slug) => relevanceSet[position]!.expected.includes(slug));
    if (rank >= 0) reciprocal += 1 / (rank + 1);
    if (rank === 0) first++;
  }
  return { mrr: reciprocal / positions.length, hitAt1: first / positions.length };
}

/** The bundled landmarks as the API stores them, popularity included. */
export async function bundledSummaries(): Promise<StoredLandmarkSummary[]> {
  const [{ content, problems }, popularity] = await Promise.all([loadContent({ root: projectRoot, now: new Date(), readCommitTimes: false }), loadPopularity(projectRoot)]);
  if (problems.length > 0) throw new Error(`content/ has problems; run npm run validate (first: ${problems[0]!.file})`);
  return buildCatalogue({ landmarks: content.landmarks, reports: [], popularity: popularity.sitelinks }, 'https://bench.invalid').landmarks.map(summaryOf);
}

/** Every query of the relevance set answered by our search and by MiniSearch, as slugs in rank order. */
export async function relevanceRankings(summaries: readonly StoredLandmarkSummary[]) {
  const ours = shardedSearch(summaries);
  const miniSearch = miniSearchOver(summaries);
  const ourAnswers = await Promise.all(relevanceSet.map(({ query }) => ours.search(query)));
  const theirRankings = relevanceSet.map(({ query }) => miniSearch.search(query, miniSearchOptions).map((result) => String(result.id)));
  return { ourAnswers, ourRankings: ourAnswers.map((answer) => answer.slugs), theirRankings };
}

export async function benchSearchRelevance(): Promise<void> {
  const summaries = await bundledSummaries();
  const { ourAnswers, ourRankings, theirRankings } = await relevanceRankings(summaries);
  const positionsByKind = new Map<string, number[]>([['all queries', relevanceSet.map((_, position) => position)]]);
  relevanceSet.forEach(({ kind }, position) => positionsByKind.set(kind, [...(positionsByKind.get(kind) ?? []), position]));
  console.log(`\n## Search relevance: ${relevanceSet.length} queries over the ${summaries.length} bundled landmarks (scripts/lib/search-relevance-set.ts)`);
  console.log(`MiniSearch options: ${JSON.stringify(miniSearchOptions)}, diacritics folded\n`);
  console.log('| queries | count | ours MRR@10 | ours hit@1 | MiniSearch MRR@10 | MiniSearch hit@1 |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [kind, positions] of positionsByKind) {
    const ourScore = relevanceAt(positions, ourRankings);
    const theirScore = relevanceAt(positions, theirRankings);
    console.log(`| ${kind} | ${positions.length} | ${ourScore.mrr.toFixed(3)} | ${ourScore.hitAt1.toFixed(3)} | ${theirScore.mrr.toFixed(3)} | ${theirScore.hitAt1.toFixed(3)} |`);
  }
  const missed = relevanceSet.flatMap(({ query, expected }, position) => {
    const first = ourRankings[position]![0];
    return first !== undefined && expected.includes(first) ? [] : [`"${query}" (${first ?? 'nothing'})`];
  });
  if (missed.length > 0) console.log(`\nnot ranked first by ours (what came first): ${missed.join(', ')}`);
  const filesRead = ourAnswers.map((answer) => answer.files).sort((a, b) => a - b);
  console.log(`files read per query by ours: median ${filesRead[Math.floor(filesRead.length / 2)]}, most ${filesRead.at(-1)}`);
  await benchWellKnownLandmarks(summaries);
}

const comparableName = (name: string) => foldLetters(name).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/** Of the hundred well-known landmarks (scripts/lib/well-known-landmarks.ts), those among the first three answers, by ours and by MiniSearch. */
export async function wellKnownInTopThree(summaries: readonly StoredLandmarkSummary[]) {
  const ours = shardedSearch(summaries);
  const miniSearch = miniSearchOver(summaries);
  const bySlug = new Map(summaries.map((summary) => [summary.slug, summary]));
  const isNamed = (slug: string, names: ReadonlySet<string>) => {
    const summary = bySlug.get(slug)!;
    return [summary.name, ...summary.aliases].some((name) => names.has(comparableName(name)));
  };
  const results = await Promise.all(
    wellKnownLandmarks.map(async ({ query, names }) => {
      const wanted = new Set(names.map(comparableName));
      const ourTop = (await ours.search(query)).slugs.slice(0, 3);
      const theirTop = miniSearch.search(query, miniSearchOptions).slice(0, 3).map((result) => String(result.id));
      return { query, ourTop, ours: ourTop.some((slug) => isNamed(slug, wanted)), theirs: theirTop.some((slug) => isNamed(slug, wanted)) };
    }),
  );
  return results;
}

async function benchWellKnownLandmarks(summaries: readonly StoredLandmarkSummary[]): Promise<void> {
  const results = await wellKnownInTopThree(summaries);
  console.log(`\n## ${results.length} well-known landmarks (scripts/lib/well-known-landmarks.ts): found among the first 3 answers`);
  console.log('| search | found in the top 3 |\n|---|---:|');
  console.log(`| ours | ${results.filter((result) => result.ours).length} of ${results.length} |`);
  console.log(`| MiniSearch | ${results.filter((result) => result.theirs).length} of ${results.length} |`);
  const missed = results.filter((result) => !result.ours).map((result) => `"${result.query}" (${result.ourTop.join(', ') || 'nothing'})`);
  if (missed.length > 0) console.log(`\nnot in our top 3 (what came instead): ${missed.join('; ')}`);
}

/**
 * What travellers type over the synthetic catalogue (names like "Great Tower 1a" in eight cities):
 * exact words, prefixes, typos inside and in the first letters, names typed as one word.
 */
const syntheticQueries = [
  'tower', 'cathedral', 'munchen', 'sao paulo', 'golden gate', 'bridg', 'catherdal', 'krakow museum',
  'rgeat tower', 'kathedral', 'ittle fountain', 'ryekjavik', 'greattower', 'goldengate', 'royal palace kyoto', 'saint basilca',
];

/** At one catalogue size: the index's files, and what one query reads and costs, against loading MiniSearch. */
export async function benchSearchIndex(landmarkCount: number): Promise<void> {
  const input = syntheticCatalogueInput({ landmarks: landmarkCount, reports: 0, seed: 1 });
  const summaries = buildCatalogue(input, 'https://bench.invalid').landmarks.map(summaryOf);
  const ours = shardedSearch(summaries);
  const largest = [...ours.files.values()].reduce((a, b) => (a.length > b.length ? a : b));
  // The median of a few parses: the first one also pays for compiling the parser.
  const parses = Array.from({ length: 5 }, () => {
    const started = performance.now();
    JSON.parse(largest);
    return performance.now() - started;
  }).sort((a, b) => a - b);
  const largestParse = parses[2]!;
  const answers: Awaited<ReturnType<typeof ours.search>>[] = [];
  for (const query of syntheticQueries) answers.push(await ours.search(query));
  const sorted = (pick: (answer: (typeof answers)[number]) => number) => answers.map(pick).sort((a, b) => a - b);
  const [files, bytes, milliseconds] = [sorted((a) => a.files), sorted((a) => a.bytes), sorted((a) => a.milliseconds)];
  const middle = Math.floor(answers.length / 2);

  const serialized = JSON.stringify(miniSearchOver(summaries));
  const started = performance.now();
  MiniSearch.loadJSON(serialized, { fields: miniSearchFields, idField: 'slug' });
  const miniSearchLoad = performance.now() - started;
  const kb = (count: number) => `${(count / 1024).toFixed(0)} KB`;
  console.log(
    `\nsearch index at ${landmarkCount.toLocaleString('en')} landmarks: ${ours.files.size.toLocaleString('en')} shard files, largest ${kb(Buffer.byteLength(largest))} parsed in ${largestParse.toFixed(2)} ms (median of 5); ` +
      `per query (${syntheticQueries.length} queries with typos and joined names): files read median ${files[middle]}, most ${files.at(-1)}; ` +
      `bytes read median ${kb(bytes[middle]!)}, most ${kb(bytes.at(-1)!)}; parse and answer median ${milliseconds[middle]!.toFixed(2)} ms, most ${milliseconds.at(-1)!.toFixed(2)} ms. ` +
      `One MiniSearch index ${kb(Buffer.byteLength(serialized))} loaded in ${miniSearchLoad.toFixed(1)} ms (Node, this machine)`,
  );
}
