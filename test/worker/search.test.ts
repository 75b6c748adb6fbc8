import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueInput } from '../../src/domain/catalogue.ts';
import { landmarkSearchResults } from '../../src/schema/api.ts';
import { emitApiSite } from '../support/api-site.ts';
import { startSite, type RunningSite } from '../support/worker.ts';

type Place = { city: string; region?: string; country: string };
const landmark = (slug: string, name: string, location: Place, aliases: string[] = [], wikidata = `Q${slug.length}${slug.charCodeAt(0)}`) => ({
  slug,
  description: '',
  frontmatter: { name, aliases, location, coordinates: { lat: 0, lon: 0 }, wikidata },
});

// Test data: real names, so relevance reads naturally; no reports are needed for search.
const input: CatalogueInput = {
  landmarks: [
    landmark('sagrada-familia', 'Sagrada Família', { city: 'Barcelona', region: 'Catalonia', country: 'ES' }, ['Basílica de la Sagrada Família'], 'Q48435'),
    landmark('frauenkirche-munich', 'Frauenkirche', { city: 'München', region: 'Bavaria', country: 'DE' }, [], 'Q167193'),
    landmark('frauenkirche-dresden', 'Frauenkirche', { city: 'Dresden', region: 'Saxony', country: 'DE' }, [], 'Q157229'),
    landmark('eiffel-tower', 'Eiffel Tower', { city: 'Paris', region: 'Île-de-France', country: 'FR' }, ['Tour Eiffel'], 'Q243'),
    landmark('eiffel-bridge', 'Eiffel Bridge', { city: 'Ungheni', country: 'MD' }, [], 'Q4349480'),
    landmark('big-ben', 'Big Ben', { city: 'London', country: 'GB' }, ['Elizabeth Tower'], 'Q41225'),
    landmark('tower-of-london', 'Tower of London', { city: 'London', country: 'GB' }, [], 'Q62378'),
    landmark('senso-ji', 'Sensō-ji', { city: 'Tokyo', country: 'JP' }, ['浅草寺', 'Asakusa Kannon'], 'Q1145942'),
    landmark('taj-mahal', 'Taj Mahal', { city: 'Agra', region: 'Uttar Pradesh', country: 'IN' }, [], 'Q9141'),
  ],
  reports: [],
  // Wikipedia editions: Big Ben more than the Tower of London, to see popularity break ties.
  popularity: new Map([['Q41225', 150], ['Q62378', 120], ['Q243', 180], ['Q167193', 60], ['Q157229', 70]]),
};

let site: RunningSite;
beforeAll(async () => {
  site = await startSite(await emitApiSite(input));
});
afterAll(async () => {
  await site?.dispose();
});

async function search(q: string) {
  const response = await site.get(`/api/public/v1/search?q=${encodeURIComponent(q)}`);
  expect(response.status).toBe(200);
  const body = landmarkSearchResults.strict().parse(await response.json());
  return body.landmarks.map((landmark) => landmark.slug);
}

describe('searchLandmarks finds landmarks as people type them', () => {
  it('by exact name, ignoring case', async () => {
    expect(await search('BIG BEN')).toEqual(['big-ben']);
  });

  it('ignoring diacritics, both ways', async () => {
    expect(await search('sagrada familia')).toEqual(['sagrada-familia']);
    expect(await search('Sagrada Família')).toEqual(['sagrada-familia']);
    expect(await search('senso-ji')).toEqual(['senso-ji']);
  });

  it('by city, with or without diacritics', async () => {
    expect(await search('munchen')).toEqual(['frauenkirche-munich']);
    expect(await search('München')).toEqual(['frauenkirche-munich']);
  });

  it('with the last word as a prefix while typing', async () => {
    expect(await search('eiffel to')).toEqual(['eiffel-tower']);
    expect(await search('sagr')).toEqual(['sagrada-familia']);
  });

  it('tolerating one typo in a longer word', async () => {
    expect(await search('eifel tower')).toEqual(['eiffel-tower']);
    expect(await search('sagarda')).toEqual(['sagrada-familia']);
  });

  it('tolerating one typo in the first letters of a longer word', async () => {
    expect(await search('ieffel tower')).toEqual(['eiffel-tower']);
    expect(await search('agrada familia')).toEqual(['sagrada-familia']);
  });

  it('by a name typed as one word, or a one-word name typed as two', async () => {
    expect(await search('tajmahal')).toEqual(['taj-mahal']);
    expect(await search('sagradafamilia')).toEqual(['sagrada-familia']);
    expect(await search('frauen kirche')).toEqual(['frauenkirche-dresden', 'frauenkirche-munich']);
  });

  it('not tolerating typos in short words, which would match too much', async () => {
    expect(await search('bog ben')).toEqual([]);
    expect(await search('big bem')).toEqual([]);
  });

  it('by alias, including native scripts', async () => {
    expect(await search('tour eiffel')).toEqual(['eiffel-tower']);
    expect(await search('elizabeth tower')).toEqual(['big-ben']);
    expect(await search('浅草寺')).toEqual(['senso-ji']);
  });

  it('by country name and code', async () => {
    expect(await search('germany')).toEqual(expect.arrayContaining(['frauenkirche-munich', 'frauenkirche-dresden']));
    expect((await search('gb')).sort()).toEqual(['big-ben', 'tower-of-london']);
  });

  it('ranking name matches above place matches, then by popularity', async () => {
    // "london": in the Tower of London's name, only the city of Big Ben, more popular as it is.
    expect(await search('london')).toEqual(['tower-of-london', 'big-ben']);
    // "tower": a name match for three, an alias match for Big Ben; then popularity.
    expect(await search('tower')).toEqual(['eiffel-tower', 'tower-of-london', 'big-ben']);
    // Two landmarks of the same name: the one with more Wikipedia editions first.
    expect(await search('frauenkirche')).toEqual(['frauenkirche-dresden', 'frauenkirche-munich']);
  });

  it('carries current condition, report counts, canonical URLs and the total', async () => {
    const response = await site.get('/api/public/v1/search?q=eiffel');
    const body = landmarkSearchResults.parse(await response.json());
    expect(body.total).toBe(2);
    expect(body.landmarks[0]).toMatchObject({ slug: 'eiffel-tower', currentCondition: null, reportCounts: { total: 0, current: 0 } });
    expect(body.landmarks[0]!.urls.html).toMatch(/\/landmarks\/eiffel-tower$/);
  });
});

describe('searchLandmarks refuses queries it cannot answer', () => {
  it.each([
    ['missing q', ''],
    ['one character', '?q=a'],
    ['one character after trimming', `?q=${encodeURIComponent('  a  ')}`],
    ['101 characters', `?q=${'a'.repeat(101)}`],
    ['repeated q', '?q=ab&q=cd'],
    ['no letters or digits', `?q=${encodeURIComponent('!? -')}`],
  ])('%s', async (_, query) => {
    const response = await site.get(`/api/public/v1/search${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_parameter', parameter: 'q' } });
  });

  it('counts characters, not bytes: 100 non-Latin characters are fine', async () => {
    const response = await site.get(`/api/public/v1/search?q=${encodeURIComponent('寺'.repeat(100))}`);
    expect(response.status).toBe(200);
  });
});
