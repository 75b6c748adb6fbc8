import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { check as checkGeojson } from '@placemarkio/check-geojson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Datapackage, DatapackageResource } from '../../src/emit/downloads/datapackage.ts';
import { landmarkDetail, landmarkList, type LandmarkDetail, type Report } from '../../src/schema/api.ts';
import { awkwardContent, csvCellValue, describedFiles, parseCsv, unflatten } from '../support/downloads-support.ts';
import { buildSiteFrom } from '../support/build.ts';
import { writeContentTree } from '../support/content-files.ts';
import { startSite, type RunningSite } from '../support/worker.ts';

let site: RunningSite;
let datapackage: Datapackage;
let apiLandmarks: LandmarkDetail[];
let apiReports: Report[];

const filesOf = (resource: DatapackageResource) => (Array.isArray(resource.path) ? resource.path : [resource.path]);
const resource = (name: string) => datapackage.resources.find((candidate) => candidate.name === name)!;
const download = async (file: string) => Buffer.from(await (await site.get(`/data/${file}`)).arrayBuffer());
const downloadText = async (name: string) => (await Promise.all(filesOf(resource(name)).map(download))).map((bytes) => bytes.toString('utf8')).join('');

/**
 * What the API serves, less what depends on the moment of the request: the records a download holds.
 * The watch's last checks are the service's record of what it read, not data: downloads leave them out.
 */
function withoutRequestTime(landmark: LandmarkDetail) {
  const { reports: _reports, reportCounts, currentCondition, asOf: _asOf, announcedNext: _announcedNext, reportsIncluded: _reportsIncluded, watchChecks: _watchChecks, ...rest } = landmark;
  const { isCurrent: _isCurrent, ...condition } = currentCondition ?? { isCurrent: false };
  return { ...rest, currentCondition: currentCondition ? condition : null, reportCount: reportCounts.total };
}
const reportWithoutRequestTime = ({ isCurrent: _isCurrent, isUpcoming: _isUpcoming, ...report }: Report) => report;

beforeAll(async () => {
  const content = await writeContentTree(awkwardContent);
  site = await startSite(await buildSiteFrom(content), { fixedNow: '2026-02-02T12:00:00Z' });
  datapackage = (await (await site.get('/data/datapackage.json')).json()) as Datapackage;
  const list = landmarkList.parse(await (await site.get('/api/public/v1/landmarks?limit=1000')).json());
  expect(list.pagination.hasMore).toBe(false);
  apiLandmarks = await Promise.all(
    list.landmarks.map(async ({ slug }) => landmarkDetail.parse(await (await site.get(`/api/public/v1/landmarks/${slug}`)).json())),
  );
  apiReports = apiLandmarks.flatMap((landmark) => landmark.reports).sort((a, b) => (a.id < b.id ? -1 : 1));
});
afterAll(async () => {
  await site?.dispose();
});

describe('the downloads under /data/, served by the Worker', () => {
  const expectedTypes: Record<string, string> = {
    ndjson: 'application/x-ndjson; charset=utf-8',
    csv: 'text/csv; charset=utf-8',
    json: 'application/json; charset=utf-8',
    sqlite: 'application/vnd.sqlite3',
    atom: 'application/atom+xml; charset=utf-8',
    geojson: 'application/geo+json; charset=utf-8',
  };

  it('allow cross-origin reads and say what they are, the SQLite database included', async () => {
    const files = ['datapackage.json', ...datapackage.resources.flatMap(filesOf)];
    expect(files).toContain('landmark-condition-reports.sqlite');
    for (const file of files) {
      const response = await site.get(`/data/${file}`, { headers: { Origin: 'https://app.example' } });
      expect(response.status, file).toBe(200);
      expect(response.headers.get('access-control-allow-origin'), file).toBe('*');
      expect(response.headers.get('content-type'), file).toBe(expectedTypes[file.slice(file.lastIndexOf('.') + 1)]);
      await response.arrayBuffer();
    }
  });

  it('serve exactly the bytes datapackage.json hashes', async () => {
    for (const file of datapackage.resources.flatMap(describedFiles)) {
      const bytes = await download(file.path);
      expect(`sha256:${createHash('sha256').update(bytes).digest('hex')}`, file.path).toBe(file.hash);
    }
  });

  it('include the download page at /data, listing the files', async () => {
    const response = await site.get('/data');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('landmark-condition-reports.sqlite');
  });
});

describe('reading the downloads back gives exactly the records the API serves', () => {
  it('from NDJSON', async () => {
    expect(apiLandmarks.map((landmark) => landmark.slug)).toEqual(['acropolis-test', 'quiet-mosque', 'todai-ji']);
    const landmarks = (await downloadText('landmarks-ndjson')).trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(landmarks).toEqual(apiLandmarks.map(withoutRequestTime));
    const reports = (await downloadText('reports-ndjson')).trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(reports).toEqual(apiReports.map(reportWithoutRequestTime));
  });

  it('from GeoJSON: a point per landmark at the coordinates, condition and dates the API gives', async () => {
    const text = await downloadText('landmarks-geojson');
    // A strict RFC 7946 checker, as the tools people open it in (QGIS, geojson.io) expect.
    expect(() => checkGeojson(text)).not.toThrow();
    const collection = JSON.parse(text) as {
      features: { id: string; geometry: { coordinates: [number, number] }; properties: Record<string, unknown> }[];
    };
    expect(collection.features.map((feature) => feature.id)).toEqual(apiLandmarks.map((landmark) => landmark.slug));
    for (const [index, feature] of collection.features.entries()) {
      const landmark = apiLandmarks[index]!;
      expect(feature.geometry.coordinates).toEqual([landmark.coordinates.lon, landmark.coordinates.lat]);
      expect(feature.properties).toEqual({
        slug: landmark.slug,
        name: landmark.name,
        city: landmark.location.city,
        country: landmark.location.country,
        countryName: landmark.location.countryName,
        wikidata: landmark.wikidata,
        condition: landmark.currentCondition?.condition ?? null,
        observedAt: landmark.currentCondition?.observedAt ?? null,
        lastConfirmedAt: landmark.currentCondition?.lastConfirmedAt ?? null,
        from: landmark.currentCondition?.from ?? null,
        currentUntil: landmark.currentCondition?.currentUntil ?? null,
        until: landmark.currentCondition?.until ?? null,
        untilKind: landmark.currentCondition?.untilKind ?? null,
        reportExpiryDays: landmark.currentCondition?.reportExpiryDays ?? null,
        reportCount: landmark.reportCounts.total,
        url: landmark.urls.html,
        jsonUrl: landmark.urls.json,
        markdownUrl: landmark.urls.markdown,
      });
    }
  });

  it('from CSV, whose quoting survives commas, quotes, line breaks and non-Latin scripts', async () => {
    for (const [name, expected] of [
      ['landmarks-csv', apiLandmarks.map(withoutRequestTime)],
      ['reports-csv', apiReports.map(reportWithoutRequestTime)],
    ] as const) {
      const fields = resource(name).schema!.fields;
      const [header, ...rows] = parseCsv(await downloadText(name));
      expect(header!.map((field) => field.text)).toEqual(fields.map((field) => field.name));
      expect(rows.map((row) => unflatten(fields, row.map(csvCellValue)))).toEqual(expected);
    }
    const todaiji = apiLandmarks.find((landmark) => landmark.slug === 'todai-ji')!;
    expect(todaiji.name).toBe('Tōdai-ji, "Great Eastern Temple"');
    expect(todaiji.description).toContain('\n');
    expect(apiLandmarks.find((landmark) => landmark.slug === 'quiet-mosque')!.description).toBe('');
  });

  it('from the SQLite database', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'lcr-sqlite-')), 'downloaded.sqlite');
    await writeFile(file, Buffer.concat(await Promise.all(filesOf(resource('everything-sqlite')).map(download))));
    const database = new DatabaseSync(file, { readOnly: true });
    try {
      for (const [table, expected] of [
        ['landmarks', apiLandmarks.map(withoutRequestTime)],
        ['reports', apiReports.map(reportWithoutRequestTime)],
      ] as const) {
        const fields = resource(`${table}-csv`).schema!.fields;
        const rows = database.prepare(`SELECT * FROM ${table}`).all() as Record<string, string | number | null>[];
        expect(rows.map((row) => unflatten(fields, fields.map((field) => row[field.name])))).toEqual(expected);
      }
      expect(database.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
      const joined = database.prepare('SELECT l.name FROM reports r JOIN landmarks l ON l.slug = r.landmark_slug WHERE r.id = ?').get('heat03rep');
      expect(joined).toEqual({ name: 'Ακρόπολη Αθηνών' });
    } finally {
      database.close();
    }
  });
});
