import { dayCountsOf } from '../../src/domain/condition-timeline.ts';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvRow } from '../../src/emit/downloads/csv.ts';
import type { Datapackage, DatapackageResource, ListedResource } from '../../src/emit/downloads/datapackage.ts';
import { emitBulkDownloads, type BulkDownloadOptions } from '../../src/emit/downloads/emit-downloads.ts';
import { writeFromNdjson, type FromNdjsonJob } from '../../src/emit/downloads/from-ndjson.ts';
import { downloadTables } from '../../src/formats/download-records.ts';
import { openOutputStore } from '../../src/kept/output-files.ts';
import { readKeptDatabase } from '../../src/kept/database.ts';
import type { Catalogue } from '../../src/domain/catalogue.ts';
import { DigestList } from '../../src/domain/input-digests.ts';
import { flatColumns, type CellValue } from '../../src/formats/flat-columns.ts';
import type { CheckedLandmarkDetail, StoredReport } from '../../src/schema/api.ts';
import { csvCellValue, parseCsv, unflatten } from '../support/downloads-support.ts';

const siteUrl = 'http://lcr.test';
const scripts = ['Tower, "the tall one"', '東大寺', 'Ακρόπολη', 'مسجد', 'Line one\nline two', 'Crlf\r\nline', ' edge spaces ', ''];

/** A catalogue big enough to split at a few KiB: 40 landmarks, 3 reports each, awkward text everywhere. */
function syntheticCatalogue(): Catalogue {
  const landmarks: CheckedLandmarkDetail[] = [];
  const reports: StoredReport[] = [];
  for (let index = 0; index < 40; index++) {
    const slug = `landmark-${String(index).padStart(3, '0')}`;
    const name = `${scripts[index % scripts.length]} ${index}`;
    const urls = (page: string, json: string) => ({ html: `${siteUrl}${page}`, json: `${siteUrl}${json}`, markdown: `${siteUrl}${page}.md` });
    const own: StoredReport[] = [0, 1, 2].map((number) => ({
      id: `rep${String(index * 3 + number).padStart(5, '0')}`,
      landmark: { slug, name, url: `${siteUrl}/landmarks/${slug}` },
      condition: number === 0 ? 'scaffolding' : 'closed',
      summary: `Summary ${number}, ${scripts[(index + number) % scripts.length]!.replace(/[\r\n]+/g, ' ')}`,
      observedAt: `2026-0${number + 1}-1${number}`,
      lastConfirmedAt: `2026-0${number + 1}-1${number}`,
      reportExpiryDays: number === 0 ? 90 : 14,
      from: `2026-0${number + 1}-1${number}`,
      currentUntil: `2026-0${number + 4}-01`,
      confirmations: number === 2 ? [{ date: '2026-03-20', note: 'Still "there",\nclosed.' }] : [],
      until: null,
      untilKind: null,
      supersedes: null,
      supersededBy: null,
      source: { kind: 'traveller', name: number === 1 ? null : 'A "visitor"', url: null },
      additionalSources: number === 2 ? [{ name: 'A "paper", page 2', url: 'https://news.example/a,b' }] : [],
      details: `${scripts[(index + number + 1) % scripts.length]}\n\nMore, text.`,
      updatedAt: `2026-0${number + 1}-1${number}T0${index % 10}:00:00Z`,
      // A report's addresses are made from its id when it is published, as the build makes them.
      urls: urls(`/reports/rep${String(index * 3 + number).padStart(5, '0')}`, `/api/public/v1/reports/rep${String(index * 3 + number).padStart(5, '0')}`),
    }));
    reports.push(...own);
    const current = { condition: 'closed', reportId: own[2]!.id, summary: own[2]!.summary, observedAt: '2026-03-12', lastConfirmedAt: '2026-03-20', reportExpiryDays: 14, from: '2026-03-12', currentUntil: '2026-04-03', until: null, untilKind: null } as const;
    landmarks.push({
      slug,
      name,
      aliases: index % 2 ? [] : ['Alias, one', 'Alias | two'],
      location: { city: 'Nara', region: index % 3 ? null : 'Kansai', country: 'JP', countryName: 'Japan' },
      coordinates: { lat: 34.5 + index / 100, lon: -135.25 },
      wikidata: `Q${index + 1}`,
      wikipediaEditions: index % 4 ? index : null,
      latestObservedAt: '2026-03-12',
      urls: urls(`/landmarks/${slug}`, `/api/public/v1/landmarks/${slug}`),
      currentCondition: index % 5 ? current : null,
      reportCount: own.length,
      reportDays: { from: dayCountsOf(own.map((report) => report.from)), currentUntil: dayCountsOf(own.map((report) => report.currentUntil)) },
      conditionTimeline: index % 5 ? [current] : [],
      website: index % 2 ? `https://example.org/${slug}?a=1&b=2` : null,
      description: index % 7 ? `Description of ${name}, "quoted".` : '',
      watchChecks: [],
      reports: own,
    });
  }
  reports.sort((a, b) => (a.id < b.id ? -1 : 1));
  const detailsOf = new Map(reports.map((report) => [report.id, report.details]));
  return { landmarks, reports, siteUrl, bodies: (report) => detailsOf.get(report.id)!, evidence: (position) => reports[position]! };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const filesOf = (resource: DatapackageResource) => (Array.isArray(resource.path) ? resource.path : [resource.path]);

async function emitInto(catalogue: Catalogue, maxFileBytes?: number, more: Omit<BulkDownloadOptions, 'siteUrl' | 'maxFileBytes'> = {}) {
  const directory = await mkdtemp(path.join(tmpdir(), 'lcr-downloads-'));
  const { datapackage } = await emitBulkDownloads(catalogue, directory, { siteUrl, ...(maxFileBytes ? { maxFileBytes } : {}), ...more });
  const read = (file: string) => readFile(path.join(directory, file));
  const whole = async (resource: DatapackageResource) => Buffer.concat(await Promise.all(filesOf(resource).map(read)));
  return { directory, datapackage, read, whole, resource: (name: string) => datapackage.resources.find((r) => r.name === name)! };
}

const catalogue = syntheticCatalogue();
let whole: Awaited<ReturnType<typeof emitInto>>;
let again: Awaited<ReturnType<typeof emitInto>>;
let split: Awaited<ReturnType<typeof emitInto>>;
const smallLimit = 4096;

beforeAll(async () => {
  whole = await emitInto(catalogue);
  again = await emitInto(catalogue);
  split = await emitInto(catalogue, smallLimit);
});

describe('bulk downloads of the same catalogue', () => {
  it('are byte-identical from one build to the next, SQLite included', async () => {
    const names = (await readdir(whole.directory)).sort();
    expect((await readdir(again.directory)).sort()).toEqual(names);
    expect(names).toContain('landmark-condition-reports.sqlite');
    for (const name of names) expect(sha256(await again.read(name)), name).toBe(sha256(await whole.read(name)));
  });

  it('are described in datapackage.json with their true byte counts and sha256 hashes', async () => {
    const onDisk = JSON.parse((await whole.read('datapackage.json')).toString('utf8')) as Datapackage;
    expect(onDisk).toEqual(whole.datapackage);
    for (const resource of onDisk.resources) {
      const bytes = await whole.whole(resource);
      expect(resource.bytes, resource.name).toBe(bytes.length);
      expect(resource.hash, resource.name).toBe(`sha256:${sha256(bytes)}`);
    }
    const listed = onDisk.resources.flatMap(filesOf).sort();
    expect(listed).toEqual((await readdir(whole.directory)).filter((name) => name !== 'datapackage.json').sort());
  });

  it('hold exactly the catalogue records in NDJSON, without the internal day counts, timeline or embedded reports', async () => {
    const lines = (await whole.read('landmarks.ndjson')).toString('utf8').split('\n');
    expect(lines.pop()).toBe('');
    const expected = catalogue.landmarks.map(({ reports: _reports, reportDays: _days, conditionTimeline: _timeline, watchChecks: _checks, ...record }) => record);
    expect(lines.map((line) => JSON.parse(line))).toEqual(expected);
    const reportLines = (await whole.read('reports.ndjson')).toString('utf8').trimEnd().split('\n');
    expect(reportLines.map((line) => JSON.parse(line))).toEqual(catalogue.reports);
  });

  it('read back from CSV and SQLite as the same records, nulls and empty strings told apart', async () => {
    for (const table of ['landmarks', 'reports'] as const) {
      const fields = whole.resource(`${table}-csv`).schema!.fields;
      const [header, ...rows] = parseCsv((await whole.read(`${table}.csv`)).toString('utf8'));
      expect(header!.map((field) => field.text)).toEqual(fields.map((field) => field.name));
      const fromCsv = rows.map((row) => unflatten(fields, row.map(csvCellValue)));
      const expected = table === 'reports' ? catalogue.reports : catalogue.landmarks.map(({ reports: _r, reportDays: _d, conditionTimeline: _t, watchChecks: _w, ...record }) => record);
      expect(fromCsv).toEqual(expected);

      const databaseFile = path.join(whole.directory, 'landmark-condition-reports.sqlite');
      const database = new DatabaseSync(databaseFile, { readOnly: true });
      const sqliteRows = database.prepare(`SELECT * FROM ${table}`).all() as Record<string, CellValue>[];
      database.close();
      expect(sqliteRows.map((row) => unflatten(fields, fields.map((field) => row[field.name])))).toEqual(expected);
    }
  });

  it('is one valid JSON document with both tables', async () => {
    const everything = JSON.parse((await whole.read('landmark-condition-reports.json')).toString('utf8')) as Record<string, unknown>;
    expect(everything).toMatchObject({ license: { name: 'CC-BY-4.0' } });
    expect(everything.reports).toEqual(catalogue.reports);
    expect((everything.landmarks as unknown[]).length).toBe(catalogue.landmarks.length);
  });
});

describe('the SQLite database, written in a thread of its own while the build goes on', () => {
  it('is not left behind, even later, when the work beside it fails', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'lcr-downloads-'));
    const failing = async () => {
      throw new Error('the API data could not be written');
    };
    await expect(emitBulkDownloads(syntheticCatalogue(), directory, { siteUrl }, failing)).rejects.toThrow('the API data could not be written');
    // Long enough for a thread that was not stopped to write the database of 160 rows.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await readdir(directory)).filter((name) => name.includes('.sqlite'))).toEqual([]);
  });
});

describe('the downloads as the download page lists them', () => {
  it('are told before datapackage.json is written, each with the files and sizes it then names, the SQLite parts included', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'lcr-downloads-'));
    let told: { resources: ListedResource[]; datapackageWritten: boolean } | undefined;
    const listed = async (resources: ListedResource[]) => {
      const files = await readdir(directory);
      told = { resources, datapackageWritten: files.includes('datapackage.json') };
    };
    const { datapackage } = await emitBulkDownloads(catalogue, directory, { siteUrl, maxFileBytes: smallLimit, listed });
    expect(told?.datapackageWritten).toBe(false);
    expect(told?.resources).toEqual(datapackage.resources.map(({ name, title, path, format, bytes }) => ({ name, title, path, format, bytes })));
    expect(filesOf(datapackage.resources.find((resource) => resource.name === 'everything-sqlite')!).length).toBeGreaterThan(2);
  });

  it('fail the downloads when what is made of them fails, and leave nothing of the SQLite thread behind', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'lcr-downloads-'));
    const listed = async () => {
      throw new Error('the pages could not be built');
    };
    await expect(emitBulkDownloads(syntheticCatalogue(), directory, { siteUrl, maxFileBytes: smallLimit, listed })).rejects.toThrow('the pages could not be built');
    // Long enough for a thread that was not stopped to cut the database of 160 rows.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await readdir(directory)).filter((name) => name.includes('.sqlite'))).toEqual([]);
  });
});

describe('landmarks.geojson', () => {
  it('is one RFC 7946 FeatureCollection: a Point per landmark at [lon, lat], with flat properties', async () => {
    const collection = JSON.parse((await whole.read('landmarks.geojson')).toString('utf8')) as {
      type: string;
      features: { type: string; id: string; geometry: { type: string; coordinates: number[] }; properties: Record<string, unknown> }[];
    };
    expect(collection.type).toBe('FeatureCollection');
    expect(collection).not.toHaveProperty('crs');
    expect(collection.features.map((feature) => feature.id)).toEqual(catalogue.landmarks.map((landmark) => landmark.slug));
    for (const [index, feature] of collection.features.entries()) {
      const landmark = catalogue.landmarks[index]!;
      expect(feature.type).toBe('Feature');
      expect(feature.geometry).toEqual({ type: 'Point', coordinates: [landmark.coordinates.lon, landmark.coordinates.lat] });
      expect(feature.properties).toMatchObject({
        slug: landmark.slug,
        name: landmark.name,
        country: landmark.location.country,
        condition: landmark.currentCondition?.condition ?? null,
        currentUntil: landmark.currentCondition?.currentUntil ?? null,
        reportCount: landmark.reportCount,
        url: landmark.urls.html,
      });
      for (const value of Object.values(feature.properties)) expect(typeof value === 'object' && value !== null).toBe(false);
    }
  });

  it('splits between features, so its parts join into the same valid collection', async () => {
    const resource = split.resource('landmarks-geojson');
    expect(filesOf(resource).length).toBeGreaterThan(1);
    const joined = JSON.parse((await split.whole(resource)).toString('utf8')) as { features: unknown[] };
    expect(joined.features).toHaveLength(catalogue.landmarks.length);
    for (const file of filesOf(resource)) expect((await split.read(file)).toString('utf8').endsWith('\n')).toBe(true);
  });
});

describe('a download larger than the size limit', () => {
  it('is split into numbered parts no larger than the limit, listed in order in datapackage.json', async () => {
    const reports = split.resource('reports-ndjson');
    expect(filesOf(reports).length).toBeGreaterThan(3);
    expect(filesOf(reports)).toEqual(filesOf(reports).map((_, index) => `reports.part-${String(index + 1).padStart(3, '0')}.ndjson`));
    for (const name of await readdir(split.directory)) {
      if (name !== 'datapackage.json') expect((await stat(path.join(split.directory, name))).size, name).toBeLessThanOrEqual(smallLimit);
    }
  });

  it('concatenates back into exactly the unsplit file, for text and for the SQLite database', async () => {
    for (const resource of split.datapackage.resources) {
      const unsplit = whole.resource(resource.name);
      expect(sha256(await split.whole(resource)), resource.name).toBe(sha256(await whole.whole(unsplit)));
      expect(resource.bytes, resource.name).toBe(unsplit.bytes);
      // A split download's whole is checked by its parts' hashes: it has none of its own.
      expect(resource.hash, resource.name).toBe(filesOf(resource).length > 1 ? undefined : unsplit.hash);
      if (filesOf(resource).length > 1) {
        expect(resource.parts!.map((part) => part.path)).toEqual(filesOf(resource));
        for (const part of resource.parts!) {
          const bytes = await split.read(part.path);
          expect([part.bytes, part.hash]).toEqual([bytes.length, `sha256:${sha256(bytes)}`]);
        }
      }
    }
    // Three parts at least: the copy reads each part into one of two buffers while the other is written.
    expect(filesOf(split.resource('everything-sqlite')).length).toBeGreaterThan(2);
  });

  it('cuts text only between records: every NDJSON part parses alone, and only the first CSV part has the header', async () => {
    for (const file of filesOf(split.resource('reports-ndjson'))) {
      const text = (await split.read(file)).toString('utf8');
      expect(text.endsWith('\n')).toBe(true);
      for (const line of text.trimEnd().split('\n')) expect(() => JSON.parse(line)).not.toThrow();
    }
    const [first, ...others] = filesOf(split.resource('reports-csv'));
    expect((await split.read(first!)).toString('utf8')).toMatch(/^id,landmark_slug,/);
    for (const file of others) expect((await split.read(file)).toString('utf8')).toMatch(/^rep\d{5},/);
  });

  it('refuses a single record larger than the limit, saying what to change', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'lcr-downloads-'));
    await expect(emitBulkDownloads(catalogue, directory, { siteUrl, maxFileBytes: 200 })).rejects.toThrow(/more than the 200-byte limit.*raise the limit/);
  });
});

/** The catalogue with input digests, as the build gives it: here a hash of each record, which changes with it. */
function withDigests(catalogue: Catalogue): Catalogue {
  const digestsOf = (records: readonly unknown[]) => {
    const list = new DigestList(records.length);
    for (const record of records) list.push(createHash('sha256').update(JSON.stringify(record)).digest());
    return list;
  };
  return { ...catalogue, inputDigests: { reports: digestsOf(catalogue.reports), landmarks: digestsOf(catalogue.landmarks), checks: digestsOf(catalogue.landmarks.map((landmark) => landmark.watchChecks)) } };
}

/** The same catalogue with one report's summary changed, in the report and in its landmark. */
function withEditedReport(catalogue: Catalogue, index: number): Catalogue {
  const edited = { ...catalogue.reports[index]!, summary: `${catalogue.reports[index]!.summary}, and now much longer than before` };
  const reports = catalogue.reports.map((report, position) => (position === index ? edited : report));
  const landmarks = catalogue.landmarks.map((landmark) =>
    landmark.slug === edited.landmark.slug ? { ...landmark, reports: landmark.reports.map((report) => (report.id === edited.id ? edited : report)) } : landmark,
  );
  return { ...catalogue, reports, landmarks };
}

/**
 * The same catalogue with the report at `removed` taken out, and a copy of the one at `copied` put in
 * under a new id that sorts right after it.
 */
function withReportsAddedAndRemoved(catalogue: Catalogue, removed: number, copied: number): Catalogue {
  const source = catalogue.reports[copied]!;
  const added = { ...source, id: `${source.id}0` };
  const gone = catalogue.reports[removed]!.id;
  // Each new position's report in the catalogue before, the copy at the position after its source.
  const from = catalogue.reports.flatMap((_, position) => (position === removed ? [] : position === copied ? [position, position] : [position]));
  const reports = from.map((position, index) => (index > 0 && from[index - 1] === position ? added : catalogue.reports[position]!));
  const landmarks = catalogue.landmarks.map((landmark) => ({
    ...landmark,
    reports: [...landmark.reports.filter((report) => report.id !== gone), ...(landmark.slug === added.landmark.slug ? [added] : [])],
  }));
  return { ...catalogue, reports, landmarks, bodies: (report) => catalogue.bodies(report === added ? source : report), evidence: (position) => catalogue.evidence(from[position]!) };
}

const partHashes = (resource: DatapackageResource) => resource.parts!.map((part) => part.hash);

describe('the parts of a split download', () => {
  // About 8 rows per part and a limit no run reaches: parts end where the rows' keys say.
  const limit = 32 * 1024;
  const rowsPerPart = 8;

  it('end at rows chosen by their keys, so a longer report changes only the part that holds it', async () => {
    const before = await emitInto(catalogue, limit, { rowsPerPart });
    const after = await emitInto(withEditedReport(catalogue, 50), limit, { rowsPerPart });
    for (const name of ['reports-ndjson', 'reports-csv']) {
      const [old, now] = [partHashes(before.resource(name)), partHashes(after.resource(name))];
      expect(old.length, name).toBeGreaterThan(3);
      expect(now.length, name).toBe(old.length);
      expect(now.filter((hash, index) => hash !== old[index]), name).toHaveLength(1);
    }
    // Filled to the limit instead, every part after the edited report would have moved.
    const filled = await emitInto(catalogue, limit, { rowsPerPart: Number.MAX_SAFE_INTEGER });
    expect(filesOf(filled.resource('reports-ndjson')).length).toBeLessThan(filesOf(before.resource('reports-ndjson')).length);
  });

  it("link the last build's files before the edited report's part, and are described as a build without them describes them", async () => {
    const storeDir = await mkdtemp(path.join(tmpdir(), 'lcr-download-store-'));
    const keptDatabase = { dir: await mkdtemp(path.join(tmpdir(), 'lcr-kept-database-')), fingerprint: 'code v1' };
    const emitWithStore = async (source: Catalogue) => {
      const store = await openOutputStore(storeDir, 'code v1');
      const emitted = await emitInto(source, limit, { rowsPerPart, store, keptDatabase });
      await store.close();
      return emitted;
    };
    const first = await emitWithStore(withDigests(catalogue));
    const edited = withDigests(withEditedReport(catalogue, 50));
    const second = await emitWithStore(edited);
    const cold = await emitInto(edited, limit, { rowsPerPart });
    expect(second.datapackage).toEqual(cold.datapackage);
    const inodes = async (from: Awaited<ReturnType<typeof emitInto>>) => Promise.all(filesOf(from.resource('reports-ndjson')).map(async (file) => (await stat(path.join(from.directory, file))).ino));
    const [before, after] = [await inodes(first), await inodes(second)];
    expect(after[0]).toBe(before[0]);
    expect(after.filter((inode, index) => inode !== before[index])).toHaveLength(1);
  });

  it('are reused from the output store when their rows kept their digests, and come out as a build without it makes them', async () => {
    const storeDir = await mkdtemp(path.join(tmpdir(), 'lcr-download-store-'));
    const emitWithStore = async (source: Catalogue) => {
      const store = await openOutputStore(storeDir, 'code v1');
      const emitted = await emitInto(source, limit, { rowsPerPart, store });
      await store.close();
      return { ...emitted, store };
    };
    const first = await emitWithStore(withDigests(catalogue));
    // Every run of rows is kept, those of the downloads small enough to be joined into one file too.
    const keptParts = first.store.counts.made;
    expect(keptParts).toBeGreaterThan(partHashes(first.resource('reports-ndjson')).length * 3);

    const edited = withDigests(withEditedReport(catalogue, 50));
    const second = await emitWithStore(edited);
    const cold = await emitInto(edited, limit, { rowsPerPart });
    // The edited report is in one part of each of the three report downloads. Its landmark's record
    // is made again for the two landmark downloads made from records (NDJSON, GeoJSON), but comes out
    // with the same bytes (the summary is the report's): the CSV and JSON parts, made from the NDJSON
    // part's bytes, are reused.
    expect(second.store.counts.made).toBe(3 + 2);
    expect(second.store.counts.reused).toBe(keptParts - 5);
    const names = (await readdir(cold.directory)).sort();
    expect((await readdir(second.directory)).sort()).toEqual(names);
    for (const name of names) expect(sha256(await second.read(name)), name).toBe(sha256(await cold.read(name)));

    // A published part edited in place edits the kept file too: it is made again, never published,
    // whether it was made on this thread (NDJSON) or in the thread making CSV from NDJSON.
    const damaged = [second.resource('reports-ndjson').parts![0]!.path, second.resource('reports-csv').parts![1]!.path];
    for (const file of damaged) await writeFile(path.join(second.directory, file), 'tampered\n');
    const third = await emitWithStore(edited);
    expect(third.store.counts.made).toBe(2);
    expect(third.store.notes.join()).toMatch(/2 kept output file\(s\) no longer matched/);
    for (const file of damaged) expect(sha256(await third.read(file))).toBe(sha256(await cold.read(file)));
    expect(third.datapackage).toEqual(cold.datapackage);
  });

  it('made again copy their unchanged rows from the last build: only the changed reports are made, and the bytes are a cold build\'s', async () => {
    const storeDir = await mkdtemp(path.join(tmpdir(), 'lcr-download-store-'));
    // With the database kept too, as a build keeps it: the CSV and JSON pieces are then made before its rows.
    const keptDatabase = { dir: await mkdtemp(path.join(tmpdir(), 'lcr-kept-database-')), fingerprint: 'code v1' };
    let bodiesRead = 0;
    // Making a report's text reads its body (from its file, in a build): what a rebuild should do only for changed reports.
    const counted = (source: Catalogue): Catalogue => ({ ...source, bodies: (report) => (bodiesRead++, source.bodies(report)) });
    const emitWithStore = async (source: Catalogue) => {
      const store = await openOutputStore(storeDir, 'code v1');
      bodiesRead = 0;
      const emitted = await emitInto(counted(source), limit, { rowsPerPart, store, keptDatabase });
      await store.close();
      return { ...emitted, bodiesRead };
    };
    const first = await emitWithStore(withDigests(catalogue));
    // Once, for the NDJSON file: the CSV and JSON files are made from it.
    expect(first.bodiesRead).toBe(catalogue.reports.length);

    // Two reports of different runs, neither the last: each is made once.
    const edited = withDigests(withEditedReport(withEditedReport(catalogue, 50), 20));
    const second = await emitWithStore(edited);
    expect(second.bodiesRead).toBe(2);
    const cold = await emitInto(edited, limit, { rowsPerPart });
    const names = (await readdir(cold.directory)).sort();
    expect((await readdir(second.directory)).sort()).toEqual(names);
    for (const name of names) expect(sha256(await second.read(name)), name).toBe(sha256(await cold.read(name)));

    // The last report changed: it is made once (the JSON file's last element, which takes no comma, is its NDJSON line).
    const lastEdited = withDigests(withEditedReport(withEditedReport(withEditedReport(catalogue, 50), 20), catalogue.reports.length - 1));
    const third = await emitWithStore(lastEdited);
    expect(third.bodiesRead).toBe(1);
    const coldLast = await emitInto(lastEdited, limit, { rowsPerPart });
    for (const name of names) expect(sha256(await third.read(name)), name).toBe(sha256(await coldLast.read(name)));
  });

  it('are reused when their run was cut by size too, and a damaged piece makes only its own run again', async () => {
    // Runs of about 8 rows of ~600 bytes against a 2 KiB limit: nearly every run is cut by size.
    const sizeLimit = 2048;
    const storeDir = await mkdtemp(path.join(tmpdir(), 'lcr-download-store-'));
    const emitWithStore = async () => {
      const store = await openOutputStore(storeDir, 'code v1');
      const emitted = await emitInto(withDigests(catalogue), sizeLimit, { rowsPerPart, store });
      await store.close();
      return { ...emitted, store };
    };
    const cold = await emitInto(withDigests(catalogue), sizeLimit, { rowsPerPart });
    const first = await emitWithStore();
    const second = await emitWithStore();
    // Every part of every download made from digested rows is kept, and taken by the next build.
    const partsKept = cold.datapackage.resources.filter((resource) => !['everything-sqlite', 'changes-atom'].includes(resource.name));
    expect(first.store.counts.made).toBe(partsKept.reduce((count, resource) => count + filesOf(resource).length, 0));
    expect(second.store.counts).toEqual({ reused: first.store.counts.made, made: 0 });
    const names = (await readdir(cold.directory)).sort();
    for (const name of names) expect(sha256(await second.read(name)), name).toBe(sha256(await cold.read(name)));

    // The last run of reports.ndjson, whole where no run is cut by size, is cut into `pieces` parts here.
    const runs = (await emitInto(withDigests(catalogue), limit, { rowsPerPart })).resource('reports-ndjson').parts!;
    const parts = cold.resource('reports-ndjson').parts!;
    let pieces = 0;
    for (let bytes = 0; bytes < runs.at(-1)!.bytes; pieces++) bytes += parts[parts.length - 1 - pieces]!.bytes;
    expect(runs.length).toBeLessThan(parts.length);
    expect(pieces).toBeGreaterThan(1);

    // Its last piece damaged, the pieces before it are linked, then let go: the whole run is made again, and counted once.
    await writeFile(path.join(second.directory, parts.at(-1)!.path), 'tampered\n');
    const third = await emitWithStore();
    expect(third.store.counts).toEqual({ reused: first.store.counts.made - pieces, made: pieces });
    expect((await readdir(third.directory)).sort()).toEqual(names);
    for (const name of names) expect(sha256(await third.read(name)), name).toBe(sha256(await cold.read(name)));
    expect(third.datapackage).toEqual(cold.datapackage);
    expect((await emitWithStore()).store.counts).toEqual({ reused: first.store.counts.made, made: 0 });
  });
});

describe('the SQLite database kept between builds', () => {
  const limit = 32 * 1024;
  const rowsPerPart = 8;
  /** The thread's job for the database of the downloads emitted in `from`, written into a folder of its own. */
  async function databaseJob(from: Awaited<ReturnType<typeof emitInto>>, kept: FromNdjsonJob['kept']): Promise<FromNdjsonJob> {
    const tables = await Promise.all(
      downloadTables.map(async ({ name, primaryKey, foreignKey, schema }) => ({
        name,
        primaryKey,
        foreignKey,
        columns: flatColumns(schema),
        files: await Promise.all(filesOf(from.resource(`${name}-ndjson`)).map(async (file) => ({ file: path.join(from.directory, file), sha256: sha256(await from.read(file)) }))),
      })),
    );
    return { directory: await mkdtemp(path.join(tmpdir(), 'lcr-database-')), fileName: 'everything.sqlite', maxBytes: 1024 ** 3, tables, texts: [], kept };
  }
  const databaseBytes = (job: FromNdjsonJob) => readFile(path.join(job.directory, job.fileName));

  it('gives the rows of NDJSON parts that kept their bytes from the last database, and comes out as a build without it makes it', async () => {
    const kept = { dir: await mkdtemp(path.join(tmpdir(), 'lcr-kept-database-')), fingerprint: 'code v1' };
    const before = await emitInto(catalogue, limit, { rowsPerPart });
    const rowCount = catalogue.reports.length + catalogue.landmarks.length;
    expect((await writeFromNdjson(await databaseJob(before, kept))).rows.copied).toBe(0);

    const after = await emitInto(withEditedReport(catalogue, 50), limit, { rowsPerPart });
    const withKept = await databaseJob(after, kept);
    const written = await writeFromNdjson(withKept);
    expect(written.rows.total).toBe(rowCount);
    const cold = await databaseJob(after, undefined);
    const coldWritten = await writeFromNdjson(cold);
    // Only the edited report's part and its landmark's are read from NDJSON.
    expect(written.rows.copied).toBeGreaterThan(rowCount - 2 * 3 * rowsPerPart);
    expect(written.rows.copied).toBeLessThan(rowCount);
    expect(sha256(await databaseBytes(withKept))).toBe(sha256(await databaseBytes(cold)));
    expect(written.files).toEqual(coldWritten.files);
    const database = new DatabaseSync(path.join(withKept.directory, withKept.fileName), { readOnly: true });
    expect(database.prepare('SELECT summary FROM reports WHERE id = ?').get(catalogue.reports[50]!.id)).toEqual({ summary: expect.stringMatching(/now much longer than before$/) });
    database.close();

    // Copied (as a restored cache is), it is another file with the same bytes: checked by its parts' hashes, and used.
    const keptFile = path.join(kept.dir, 'database.sqlite');
    await copyFile(keptFile, `${keptFile}.copy`);
    await rename(`${keptFile}.copy`, keptFile);
    const afterCopy = await databaseJob(after, kept);
    expect((await writeFromNdjson(afterCopy)).rows.copied).toBe(rowCount);
    expect(sha256(await databaseBytes(afterCopy))).toBe(sha256(await databaseBytes(cold)));

    // With other bytes than those kept, or made by other code, it is not used; the result is the same.
    const keptBytes = await readFile(keptFile);
    const summaryAt = keptBytes.indexOf('now much longer than before');
    expect(summaryAt).toBeGreaterThan(0);
    keptBytes.write('NOW', summaryAt);
    await writeFile(keptFile, keptBytes);
    const afterDamage = await databaseJob(after, kept);
    expect((await writeFromNdjson(afterDamage)).rows.copied).toBe(0);
    expect(sha256(await databaseBytes(afterDamage))).toBe(sha256(await databaseBytes(cold)));
    expect((await writeFromNdjson(await databaseJob(after, kept))).rows.copied).toBe(rowCount);
    // A row count changed in its notes would copy the wrong rows from an intact database.
    const notesFile = path.join(kept.dir, 'manifest.json');
    const notes = await readFile(notesFile, 'utf8');
    await writeFile(notesFile, notes.replace(`"rows":${rowsPerPart}`, `"rows":${rowsPerPart - 1}`));
    expect(await readFile(notesFile, 'utf8')).not.toBe(notes);
    const afterEdit = await databaseJob(after, kept);
    expect((await writeFromNdjson(afterEdit)).rows.copied).toBe(0);
    expect(sha256(await databaseBytes(afterEdit))).toBe(sha256(await databaseBytes(cold)));
    const last = await databaseJob(after, { ...kept, fingerprint: 'code v2' });
    expect((await writeFromNdjson(last)).rows.copied).toBe(0);
    // The database, its part, and the NDJSON files it was loaded from (linked, named by their SHA-256).
    const loadedFrom = last.tables.flatMap(({ files }) => files.map(({ sha256 }) => `ndjson-${sha256}`));
    expect((await readdir(kept.dir)).sort()).toEqual(['database.sqlite', 'manifest.json', 'part-1', ...loadedFrom].sort());
  });

  it('changes only the rows whose NDJSON lines changed, when it keeps the files it was loaded from, for the same bytes as a build without it', async () => {
    const kept = { dir: await mkdtemp(path.join(tmpdir(), 'lcr-kept-database-')), fingerprint: 'code v1' };
    const before = await databaseJob(await emitInto(catalogue, limit, { rowsPerPart }), kept);
    await writeFromNdjson(before);
    // Three reports edited far apart, one removed and one added: most parts of reports.ndjson change.
    const changed = withReportsAddedAndRemoved([3, 40, 85].reduce(withEditedReport, catalogue), 20, 60);
    const after = await emitInto(changed, limit, { rowsPerPart });
    const lines = async (job: FromNdjsonJob) => new Set((await Promise.all(job.tables.flatMap(({ files }) => files.map(({ file }) => readFile(file, 'utf8'))))).flatMap((text) => text.split('\n').filter(Boolean)));
    const withKept = await databaseJob(after, kept);
    const [linesBefore, linesAfter] = await Promise.all([lines(before), lines(withKept)]);
    const changedLines = [...linesAfter].filter((line) => !linesBefore.has(line)).length;
    expect(changedLines).toBeGreaterThanOrEqual(4);
    const written = await writeFromNdjson(withKept);
    const cold = await databaseJob(after, undefined);
    await writeFromNdjson(cold);
    // Every row whose line is the same as before is kept where it was; only the others are inserted.
    expect(written.rows.total).toBe(linesAfter.size);
    expect(written.rows.copied).toBe(linesAfter.size - changedLines);
    expect(sha256(await databaseBytes(withKept))).toBe(sha256(await databaseBytes(cold)));
    const database = new DatabaseSync(path.join(withKept.directory, withKept.fileName), { readOnly: true });
    expect(database.prepare('SELECT id FROM reports').all().map(({ id }) => id)).toEqual(changed.reports.map(({ id }) => id));
    expect(database.prepare('SELECT summary FROM reports WHERE id = ?').get(catalogue.reports[85]!.id)).toEqual({ summary: expect.stringMatching(/now much longer than before$/) });
    database.close();

    // A kept NDJSON file changed since: its table's changed files are inserted whole, for the same bytes.
    await writeFromNdjson(await databaseJob(await emitInto(catalogue, limit, { rowsPerPart }), kept));
    const keptFiles = (await readdir(kept.dir)).filter((name) => name.startsWith('ndjson-'));
    for (const name of keptFiles) await writeFile(path.join(kept.dir, name), 'changed in place\n');
    const damaged = await databaseJob(after, kept);
    const rewritten = await writeFromNdjson(damaged);
    expect(rewritten.rows.copied).toBeLessThan(linesAfter.size - changedLines);
    expect(rewritten.rows.copied).toBeGreaterThan(0);
    expect(sha256(await databaseBytes(damaged))).toBe(sha256(await databaseBytes(cold)));
  });

  it('starts from the last database when reports were added and removed, and comes out as a build without it makes it', async () => {
    const kept = { dir: await mkdtemp(path.join(tmpdir(), 'lcr-kept-database-')), fingerprint: 'code v1' };
    await writeFromNdjson(await databaseJob(await emitInto(catalogue, limit, { rowsPerPart }), kept));
    const changed = withReportsAddedAndRemoved(catalogue, 20, 90);
    const after = await emitInto(changed, limit, { rowsPerPart });
    const withKept = await databaseJob(after, kept);
    const written = await writeFromNdjson(withKept);
    const cold = await databaseJob(after, undefined);
    await writeFromNdjson(cold);
    const rowCount = changed.reports.length + changed.landmarks.length;
    expect(written.rows.total).toBe(rowCount);
    // The parts holding the removed and the added report, and their landmarks', are read from NDJSON.
    expect(written.rows.copied).toBeGreaterThan(rowCount - 4 * 3 * rowsPerPart);
    expect(written.rows.copied).toBeLessThan(rowCount);
    expect(sha256(await databaseBytes(withKept))).toBe(sha256(await databaseBytes(cold)));
    const database = new DatabaseSync(path.join(withKept.directory, withKept.fileName), { readOnly: true });
    expect(database.prepare('SELECT id FROM reports').all().map(({ id }) => id)).toEqual(changed.reports.map(({ id }) => id));
    database.close();
    // And the database it kept is the next build's start as well.
    const again = await databaseJob(after, kept);
    expect((await writeFromNdjson(again)).rows.copied).toBe(rowCount);
    expect(sha256(await databaseBytes(again))).toBe(sha256(await databaseBytes(cold)));
    // A build that finds it taken by another build running at once inserts every row, for the same bytes.
    const taken = readKeptDatabase(kept.dir, kept.fingerprint)!.take()!;
    expect(existsSync(taken)).toBe(true);
    const meanwhile = await databaseJob(after, kept);
    expect((await writeFromNdjson(meanwhile)).rows.copied).toBe(0);
    expect(sha256(await databaseBytes(meanwhile))).toBe(sha256(await databaseBytes(cold)));
    expect(sha256(await readFile(taken))).toBe(sha256(await databaseBytes(cold)));
  });

  it('links the parts that kept their bytes to the last build\'s, and writes the others as a build without them does', async () => {
    const kept = { dir: await mkdtemp(path.join(tmpdir(), 'lcr-kept-database-')), fingerprint: 'code v1' };
    const split = async (from: Awaited<ReturnType<typeof emitInto>>, keptDatabase: FromNdjsonJob['kept']) => ({ ...(await databaseJob(from, keptDatabase)), maxBytes: 32 * 1024 });
    const partsOf = async (job: FromNdjsonJob) => {
      const names = (await readdir(job.directory)).filter((name) => name.endsWith('.sqlite')).sort();
      return Promise.all(names.map(async (name) => ({ name, bytes: await readFile(path.join(job.directory, name)), inode: (await stat(path.join(job.directory, name))).ino })));
    };
    const before = await split(await emitInto(catalogue, limit, { rowsPerPart }), kept);
    await writeFromNdjson(before);
    const first = await partsOf(before);
    expect(first.length).toBeGreaterThan(3);

    // The last report gets a longer summary: the rows before it, and so the pages, are the same.
    const after = await emitInto(withEditedReport(catalogue, catalogue.reports.length - 1), limit, { rowsPerPart });
    const withKept = await split(after, kept);
    const written = await writeFromNdjson(withKept);
    const cold = await split(after, undefined);
    const coldWritten = await writeFromNdjson(cold);
    const second = await partsOf(withKept);
    expect(second.map(({ name, bytes }) => [name, sha256(bytes)])).toEqual((await partsOf(cold)).map(({ name, bytes }) => [name, sha256(bytes)]));
    expect(written.files).toEqual(coldWritten.files);
    const linked = second.filter((part, index) => part.inode === first[index]?.inode);
    expect(linked.length).toBeGreaterThan(0);
    expect(linked.length).toBeLessThan(second.length);
    expect((await readdir(kept.dir)).filter((name) => !/^(part-\d+|ndjson-[0-9a-f]{64})$/.test(name)).sort()).toEqual(['database.sqlite', 'manifest.json']);

    // A kept part changed in place (through the published file it is linked to) is written, not linked.
    const changedPart = path.join(withKept.directory, linked[0]!.name);
    const bytes = await readFile(changedPart);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
    await writeFile(changedPart, bytes);
    const third = await split(after, kept);
    expect((await writeFromNdjson(third)).files).toEqual(coldWritten.files);
    const thirdParts = await partsOf(third);
    expect(thirdParts.map(({ bytes }) => sha256(bytes))).toEqual((await partsOf(cold)).map(({ bytes }) => sha256(bytes)));
    expect(thirdParts.find(({ name }) => name === linked[0]!.name)!.inode).not.toBe(linked[0]!.inode);
  });
});

describe('CSV writing', () => {
  it('survives commas, quotes, line breaks, edge spaces and any script, telling null from ""', () => {
    const cell = fc.oneof(
      fc.constant(null),
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: fc.constantFrom(',', '"', '\r', '\n', ' ', 'a', '東', 'Ω', 'ع', '😀') }),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    );
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const parsed = parseCsv(rows.map((row) => csvRow(row)).join(''));
        expect(parsed.map((row) => row.map(csvCellValue))).toEqual(rows.map((row) => row.map((value) => (value === null ? null : String(value)))));
      }),
    );
  });

  it('quotes only the fields that need it, doubles quotes and ends rows with CRLF', () => {
    expect(csvRow(['Tōdai-ji, "Great"', 'line\nbreak', '', null, 34.5, 'مسجد', ' edge'])).toBe(
      '"Tōdai-ji, ""Great""","line\nbreak","",,34.5,مسجد," edge"\r\n',
    );
  });
});
