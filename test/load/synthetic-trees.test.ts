import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { syntheticCatalogueInput, writeSyntheticContent } from '../../scripts/lib/synthetic-content.ts';
import { watchEnvironmentOf } from '../../src/cli/watch-command.ts';
import { loadContent } from '../../src/load/load-content.ts';
import { loadWatchChecks } from '../../src/load/watch-checks.ts';
import { defaultFetchRules, PoliteFetcher } from '../../src/watch/fetch/polite-fetcher.ts';
import { readWikidata } from '../../src/watch/methods/wikidata.ts';
import { writeContentTree } from '../support/content-files.ts';

/** The address the watch's Wikidata method asks for this item, with the SPARQL endpoint moved to a local server that answers "nothing stated". */
async function addressTheWatchReads(wikidata: string): Promise<string> {
  let asked = '';
  const server = createServer((request, response) => {
    asked = request.url ?? '';
    response.setHeader('content-type', 'application/sparql-results+json');
    response.end('{"head":{"vars":[]},"results":{"bindings":[]}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const local = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const environment = { ...watchEnvironmentOf({}), wikidataSparqlUrl: `${local}/sparql` };
    const fetcher = new PoliteFetcher(defaultFetchRules('test', true));
    const reading = await readWikidata({}, { fetcher, now: new Date('2026-11-01T06:00:00Z'), landmark: { slug: 'any', name: 'Any', wikidata }, environment });
    expect(reading.ok).toBe(true);
  } finally {
    server.close();
  }
  // The public endpoint the watch reads unless told another, with the query it sent here.
  return `${watchEnvironmentOf({}).wikidataSparqlUrl}${asked.slice('/sparql'.length)}`;
}

describe("the bench's realistic synthetic trees (scripts/lib/synthetic-content.ts)", () => {
  it('watch Wikidata at 31 landmarks in 32, as the bundled catalogue does, with the record a run of the watch leaves, and load without a problem', async () => {
    const root = await writeContentTree({});
    const input = syntheticCatalogueInput({ landmarks: 64, reports: 200, seed: 7, realistic: true });
    await writeSyntheticContent(root, input);

    const { content, problems } = await loadContent({ root, now: new Date('2026-11-01T12:00:00Z'), readCommitTimes: false });
    expect(problems).toEqual([]);
    const watched = content.landmarks.filter((landmark) => landmark.frontmatter.watch !== undefined);
    expect(watched).toHaveLength(62);
    expect(watched.every((landmark) => JSON.stringify(landmark.frontmatter.watch) === '[{"wikidata":{}}]')).toBe(true);

    const { checks, problems: checkProblems } = await loadWatchChecks(root);
    expect(checkProblems).toEqual([]);
    expect(Object.keys(checks).sort()).toEqual(watched.map((landmark) => landmark.slug).sort());
    const [first] = watched;
    const record = checks[first!.slug]!.wikidata!;
    expect(record).toMatchObject({ method: 'wikidata', checkedAt: '2026-11-01T06:00:00Z', lastSuccessAt: '2026-11-01T06:00:00Z' });
    // The address a real run would have read for that item: as heavy as a real record.
    expect(record.url).toBe(await addressTheWatchReads(first!.frontmatter.wikidata));
  });

  it('stay unwatched when not realistic, as the lighter trees of other benches are', () => {
    const input = syntheticCatalogueInput({ landmarks: 64, reports: 10, seed: 7 });
    expect(input.landmarks.some((landmark) => landmark.frontmatter.watch !== undefined)).toBe(false);
    expect(input.watchChecks).toBeUndefined();
  });
});
