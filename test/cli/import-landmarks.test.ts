import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importLandmarksCommand } from '../../src/cli/import-landmarks-command.ts';
import { loadContent } from '../../src/load/load-content.ts';
import { loadPopularity } from '../../src/load/popularity.ts';
import { now, recordedIo } from '../support/command-io.ts';
import { validLandmark, writeContentTree } from '../support/content-files.ts';

// Rows as the seed files give them (../shared/data/landmark-seeds/), a few per kind of file.
const castlesHeader = 'qid,name,category,iso,lat,lon,year,wikipedia,sitelinks,pageviews';
const castles = [
  castlesHeader,
  'Q193369,Prague Castle,castle,CZ,50.09,14.4,900,https://en.wikipedia.org/wiki/Prague_Castle,63,225977',
  'Q212065,Edinburgh Castle,castle,GB-SCT,55.9487,-3.20073,1200,https://en.wikipedia.org/wiki/Edinburgh_Castle,57,266047',
  'Q243,Eiffel Tower,palace,FR,48.8584,2.2945,1889,https://en.wikipedia.org/wiki/Eiffel_Tower,180,1',
  'Q756268,Stirling Castle,castle,GB-SCT,56.12389,-3.94778,,https://en.wikipedia.org/wiki/Stirling_Castle,43,158881',
  'Q1000001,Some Small Castle,castle,CZ,49.5,15.5,,,4,10',
].join('\n');

const touristHeader = 'qid,name,lat,lon';
const tourists = [
  touristHeader,
  'Q615183,Sensō-ji,35.71456,139.79664',
  'Q752407,Singapore Flyer,1.28939,103.86322',
  'Q1000002,Q1000002,35.0,139.0',
  'Q1000003,unnamed fountain,35.0,139.0',
  'Q1000004,48°51′N 2°17′E,48.8584,2.2945',
  'Q1000005,a house where a composer lived and worked,47.22,39.70',
  // A second item for the tower, 40 m away, with a similar name: the same place.
  'Q1000006,The Eiffel Tower,48.8587,2.2948',
  // A castle of the same name far from Prague's: a landmark of its own, under another file name.
  'Q1000007,Prague Castle,40.0,-100.0',
].join('\n');

const heritage = [
  'whs_id,qid,name,category,lat,lon,iso_codes,date_inscribed,danger',
  '616,Q748211,Historic Centre of Prague;Old Town,Cultural,50.0897200000,14.4194400000,cz,1992,',
  '1115,Q1330981,New Caledonia Barrier Reef,Natural,-20.4119444444,164.5663888889,fr,2008,',
  '1,Q117188122,Galápagos Islands,Natural,-0.6898600000,-90.5013190000,ec,1978,P 2007-2010',
  '999,,A Site Without An Id,Cultural,10,10,ng,2000,',
].join('\n');

const handWritten = validLandmark('Eiffel Tower', 'Q243');

async function importInto(root: string, file: string, text: string, args: string[] = []) {
  const csv = path.join(root, file);
  await writeFile(csv, text);
  const io = recordedIo();
  const code = await importLandmarksCommand([csv, ...args], io, root);
  return { code, io, csv };
}

async function landmarkFiles(root: string): Promise<Map<string, string>> {
  const folder = path.join(root, 'content/landmarks');
  const names = (await readdir(folder)).sort();
  return new Map(await Promise.all(names.map(async (name) => [name, await readFile(path.join(folder, name), 'utf8')] as [string, string])));
}

describe('npm run import-landmarks', () => {
  it('writes one valid landmark per new row, with its country, its origin and no guessed city', async () => {
    const root = await writeContentTree({ 'content/landmarks/eiffel-tower.md': handWritten });
    const { code, io } = await importInto(root, 'castles.csv', castles, ['--min-sitelinks', '10']);
    expect(io.stderr).toBe('');
    expect(code).toBe(0);
    expect(io.stdout).toContain('Wrote 3 landmark file(s) in 2 countries from 5 row(s)');
    expect(io.stdout).toMatch(/Skipped 1 row\(s\) already in the catalogue \(same Wikidata id\):\n {2}.*castles\.csv:4:1 qid: Q243 is content\/landmarks\/eiffel-tower\.md/);
    expect(io.stdout).toMatch(/Skipped 1 row\(s\) below --min-sitelinks:\n {2}.*castles\.csv:6:\d+ sitelinks: "Some Small Castle" has 4, below 10/);

    const { content, problems } = await loadContent({ root, now, readCommitTimes: false });
    expect(problems).toEqual([]);
    const edinburgh = content.landmarks.find((landmark) => landmark.slug === 'edinburgh-castle')!.frontmatter;
    expect(edinburgh).toEqual({
      name: 'Edinburgh Castle',
      aliases: [],
      location: { region: 'Scotland', country: 'GB' },
      coordinates: { lat: 55.9487, lon: -3.20073 },
      wikidata: 'Q212065',
      // Every new landmark watches its own Wikidata item (npm run watch), as new-landmark writes it.
      watch: [{ wikidata: {} }],
      origin: { repository: 'Flightmussy/castlemap-dataset', path: 'castles.csv', commit: '735bc90ddfdbe13bfc78e6c8fdb385e6ddd2b7ce', row: 'Q212065' },
    });
    // The person-written landmark is untouched.
    expect(await readFile(path.join(root, 'content/landmarks/eiffel-tower.md'), 'utf8')).toBe(handWritten);
  });

  it('adds the file\'s edition counts to the popularity file, keeping every count already there', async () => {
    const root = await writeContentTree({
      'content/landmarks/eiffel-tower.md': handWritten,
      'content/popularity.yaml': 'retrievedAt: 2026-11-01\nsitelinks:\n  Q243: 175\n  Q999999: 3\n',
    });
    await importInto(root, 'castles.csv', castles);
    const popularity = await loadPopularity(root);
    expect(popularity.problems).toEqual([]);
    // Q243 keeps the fresher count read on deploy; the file's counts join it; an entry for no landmark stays.
    expect(Object.fromEntries(popularity.sitelinks)).toEqual({ Q243: 175, Q999999: 3, Q193369: 63, Q212065: 57, Q756268: 43, Q1000001: 4 });
    // The day of the oldest reading: the castles file's counts are older than the deploy's.
    expect(popularity.retrievedAt).toBe('2026-07-19');
  });

  it('changes nothing when the same file is imported again', async () => {
    const root = await writeContentTree({ 'content/landmarks/eiffel-tower.md': handWritten });
    await importInto(root, 'castles.csv', castles, ['--min-sitelinks', '10']);
    await importInto(root, 'tourists.csv', tourists);
    const before = await landmarkFiles(root);
    const popularityBefore = await readFile(path.join(root, 'content/popularity.yaml'), 'utf8');

    const again = await importInto(root, 'castles.csv', castles, ['--min-sitelinks', '10']);
    expect(again.code).toBe(0);
    expect(again.io.stdout).toContain('Wrote 0 landmark file(s)');
    expect(again.io.stdout).toContain('content/popularity.yaml already has a count for every landmark of this file; unchanged.');
    const touristsAgain = await importInto(root, 'tourists.csv', tourists);
    expect(touristsAgain.io.stdout).toContain('Wrote 0 landmark file(s)');
    expect(await landmarkFiles(root)).toEqual(before);
    expect(await readFile(path.join(root, 'content/popularity.yaml'), 'utf8')).toBe(popularityBefore);
  });

  it('takes the country from the coordinates when the file has none, and skips what is not a name or is already there', async () => {
    const root = await writeContentTree({ 'content/landmarks/eiffel-tower.md': handWritten, 'content/landmarks/prague-castle.md': validLandmark('Prague Castle', 'Q193369').replace('lat: 48.8584', 'lat: 50.09').replace('lon: 2.2945', 'lon: 14.4').replace('country: FR', 'country: CZ').replace('city: Paris', 'city: Prague') });
    const { code, io } = await importInto(root, 'tourists.csv', tourists, ['--list-skipped']);
    expect(io.stderr).toBe('');
    expect(code).toBe(0);
    const { content, problems } = await loadContent({ root, now, readCommitTimes: false });
    expect(problems).toEqual([]);
    const bySlug = new Map(content.landmarks.map((landmark) => [landmark.slug, landmark.frontmatter]));
    expect(bySlug.get('senso-ji')!.location).toEqual({ country: 'JP' });
    expect(bySlug.get('singapore-flyer')!.location).toEqual({ country: 'SG' });
    // Same name, another continent: its own landmark, its file name told apart by the country.
    expect(bySlug.get('prague-castle-us')).toMatchObject({ name: 'Prague Castle', wikidata: 'Q1000007', location: { country: 'US' } });
    expect(io.stdout).toContain('tourists.csv:4:10 name: the label is a Wikidata id, not a name: "Q1000002"');
    expect(io.stdout).toContain('tourists.csv:5:10 name: the label says the place has no name: "unnamed fountain"');
    expect(io.stdout).toContain('tourists.csv:6:10 name: the label is coordinates: "48°51′N 2°17′E"');
    expect(io.stdout).toContain('tourists.csv:7:10 name: the label is a lowercase phrase: a description, not a name: "a house where a composer lived and worked"');
    expect(io.stdout).toMatch(/tourists\.csv:8:10 name: "The Eiffel Tower" is \d+ m from content\/landmarks\/eiffel-tower\.md \("Eiffel Tower"\)/);
    expect(content.landmarks).toHaveLength(5);
  });

  it('skips a World Heritage area around a landmark, and names a territory by its own code', async () => {
    const root = await writeContentTree({ 'content/landmarks/prague-castle.md': validLandmark('Prague Castle', 'Q193369').replace('lat: 48.8584', 'lat: 50.09').replace('lon: 2.2945', 'lon: 14.4').replace('country: FR', 'country: CZ').replace('city: Paris', 'city: Prague') });
    const { code, io } = await importInto(root, 'heritage.csv', heritage);
    expect(code).toBe(0);
    expect(io.stdout).toMatch(/Skipped 1 row\(s\) that may be an area around a landmark already in the catalogue:\n {2}.*heritage\.csv:2:\d+ name: "Historic Centre of Prague;Old Town" may be an area, and content\/landmarks\/prague-castle\.md \("Prague Castle"\) is 1\d{3} m from its point/);
    expect(io.stdout).toMatch(/heritage\.csv:5:\d+ qid: "A Site Without An Id" has no Wikidata id, which every landmark needs/);
    const { content, problems } = await loadContent({ root, now, readCommitTimes: false });
    expect(problems).toEqual([]);
    const bySlug = new Map(content.landmarks.map((landmark) => [landmark.slug, landmark.frontmatter]));
    expect(bySlug.get('new-caledonia-barrier-reef')!.location.country).toBe('NC');
    expect(bySlug.get('galapagos-islands')).toMatchObject({ location: { country: 'EC' }, origin: { row: '1', path: 'unesco_enriched_cleaned_all.csv' } });
  });

  it('writes nothing with --dry-run, and at most --limit files', async () => {
    const root = await writeContentTree({ 'content/landmarks/eiffel-tower.md': handWritten });
    const dry = await importInto(root, 'castles.csv', castles, ['--dry-run']);
    expect(dry.io.stdout).toContain('Would write 4 landmark file(s)');
    expect([...(await landmarkFiles(root)).keys()]).toEqual(['eiffel-tower.md']);
    const limited = await importInto(root, 'castles.csv', castles, ['--limit', '1']);
    expect(limited.io.stdout).toContain('Wrote 1 landmark file(s)');
    expect(limited.io.stdout).toMatch(/Skipped 3 row\(s\) beyond --limit/);
    expect([...(await landmarkFiles(root)).keys()]).toEqual(['eiffel-tower.md', 'prague-castle.md']);
  });

  it('names every problem of the file as the validator does, and writes nothing', async () => {
    const root = await writeContentTree({ 'content/landmarks/eiffel-tower.md': handWritten });
    const broken = [castlesHeader, 'Q193369,Prague Castle,castle,CZ,50.09,14.4,900,,63,1', 'X12,Bad,castle,CZ,91,14.4,,,many,1', 'Q5,"Unclosed,castle'].join('\n');
    const { code, io } = await importInto(root, 'castles.csv', broken);
    expect(code).toBe(1);
    const file = path.join(root, 'castles.csv');
    expect(io.stderr.split('\n')).toEqual([
      `${file}:3:1 qid: expected a Wikidata item id like "Q243", or nothing; got "X12"`,
      `${file}:3:19 lat: expected a latitude in decimal degrees, -90 to 90; got "91"`,
      `${file}:3:29 sitelinks: expected a whole number of Wikipedia language editions; got "many"`,
      `${file}:4:1 csv: expected 10 cells (qid, name, category, iso, lat, lon, year, wikipedia, sitelinks, pageviews); got 2`,
      `${file}:4:4 csv: expected a closing double quote for this quoted cell; got the end of the file`,
      `5 problem(s) in ${file}; nothing was written.`,
      '',
    ]);
    expect([...(await landmarkFiles(root)).keys()]).toEqual(['eiffel-tower.md']);

    const unknown = await importInto(root, 'places.csv', 'id,label\n1,x\n');
    expect(unknown.code).toBe(1);
    expect(unknown.io.stderr).toContain(`${path.join(root, 'places.csv')}:1:1 columns: expected the header row of a known file: castles-and-palaces (qid,name,category,iso,lat,lon,year,wikipedia,sitelinks,pageviews); world-heritage-sites (`);
    expect(unknown.io.stderr).toContain('got id,label');
  });
});
