import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Datapackage, DatapackageResource } from '../../src/emit/downloads/datapackage.ts';
import { buildSiteFrom, testSiteUrl } from '../support/build.ts';
import { copyOfFixture, smallSite } from '../support/content-files.ts';
import { describedFiles } from '../support/downloads-support.ts';
import { sharedSiteOf } from '../support/shared-build.ts';

let first: string;
let second: string;
let datapackage: Datapackage;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const filesOf = (resource: DatapackageResource) => (Array.isArray(resource.path) ? resource.path : [resource.path]);
const readData = (dist: string, file: string) => readFile(path.join(dist, 'data', file));

beforeAll(async () => {
  // The run's shared build of the small site, and one more of a copy of the same content.
  first = await sharedSiteOf(smallSite);
  second = await buildSiteFrom(await copyOfFixture(smallSite));
  datapackage = JSON.parse((await readData(first, 'datapackage.json')).toString('utf8')) as Datapackage;
});

describe('npm run build writes the bulk downloads under /data/', () => {
  it('gives byte-identical files when the content is the same', async () => {
    const files = (await readdir(path.join(first, 'data'))).sort();
    expect(files).toEqual([
      'changes.atom',
      'datapackage.json',
      'landmark-condition-reports.json',
      'landmark-condition-reports.sqlite',
      'landmarks.csv',
      'landmarks.geojson',
      'landmarks.ndjson',
      'reports.csv',
      'reports.ndjson',
    ]);
    expect((await readdir(path.join(second, 'data'))).sort()).toEqual(files);
    for (const file of files) expect(sha256(await readData(second, file)), file).toBe(sha256(await readData(first, file)));
  });

  it('states the true size and sha256 hash of every file in datapackage.json', async () => {
    for (const resource of datapackage.resources) {
      const bytes = Buffer.concat(await Promise.all(filesOf(resource).map((file) => readData(first, file))));
      expect(resource.bytes, resource.name).toBe(bytes.length);
      for (const file of describedFiles(resource)) {
        const fileBytes = await readData(first, file.path);
        expect([file.bytes, file.hash], file.path).toEqual([fileBytes.length, `sha256:${sha256(fileBytes)}`]);
      }
    }
  });

  it('describes every CSV column with a type and a description generated from the schemas', async () => {
    const types = new Map<string, string>();
    for (const resource of datapackage.resources.filter((candidate) => candidate.format === 'csv')) {
      const header = (await readData(first, filesOf(resource)[0]!)).toString('utf8').split('\r\n')[0]!.split(',');
      expect(resource.schema!.fields.map((field) => field.name)).toEqual(header);
      for (const field of resource.schema!.fields) {
        expect(field.description.length, `${resource.name} ${field.name} needs a .describe() in src/schema/api.ts`).toBeGreaterThan(5);
        types.set(`${resource.name}.${field.name}`, field.type);
      }
    }
    expect(Object.fromEntries([...types].filter(([name]) => /currentUntil$|updatedAt$|observedAt$|ExpiryDays$|_lat$|aliases$|confirmations$/.test(name)))).toEqual({
      'landmarks-csv.aliases': 'array',
      'landmarks-csv.coordinates_lat': 'number',
      'landmarks-csv.currentCondition_observedAt': 'string',
      'landmarks-csv.currentCondition_reportExpiryDays': 'integer',
      'landmarks-csv.currentCondition_currentUntil': 'date',
      'reports-csv.observedAt': 'string',
      'reports-csv.reportExpiryDays': 'integer',
      'reports-csv.currentUntil': 'date',
      'reports-csv.confirmations': 'array',
      'reports-csv.updatedAt': 'datetime',
    });
    expect([...types.keys()].some((name) => /reportDays|conditionTimeline|reportsCurrentUntil|isCurrent|_reports$/.test(name))).toBe(false);
  });

  it('states the license, the attribution and how freshness is read', () => {
    expect(datapackage.licenses).toEqual([{ name: 'CC-BY-4.0', title: expect.stringContaining('Attribution 4.0'), path: 'https://creativecommons.org/licenses/by/4.0/' }]);
    expect(datapackage.attribution).toContain('Landmark Condition Reports contributors');
    expect(datapackage.description).toContain('today <= currentUntil (UTC)');
    expect(datapackage.homepage).toBe(`${testSiteUrl}/data`);
  });
});

describe('the Atom feed of changes', () => {
  it('lists reports newest update first, each identified by its canonical URL, with author and rights', async () => {
    const feed = (await readData(first, 'changes.atom')).toString('utf8');
    const entries = [...feed.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].map(([, body]) => body!);
    const reportCount = (await readData(first, 'reports.ndjson')).toString('utf8').trimEnd().split('\n').length;
    expect(entries.length).toBe(Math.min(100, reportCount));
    const field = (body: string, tag: string) => new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`).exec(body)?.[1];
    const updated = entries.map((body) => field(body, 'updated')!);
    expect([...updated].sort().reverse()).toEqual(updated);
    expect(field(feed.replace(/<entry>[\s\S]*<\/entry>/, ''), 'updated')).toBe(updated[0]);
    for (const body of entries) {
      expect(field(body, 'id')).toMatch(new RegExp(`^${testSiteUrl}/reports/[a-z0-9]+$`));
      expect(body).toContain(`<link rel="alternate" type="text/html" href="${field(body, 'id')}"/>`);
      expect(field(body, 'rights')).toContain('CC BY 4.0');
      expect(field(body, 'name')).toBeTruthy();
    }
    expect(feed).toContain('<author><name>Tower operator</name></author>');
    expect(feed).toContain('<author><name>Landmark Condition Reports contributors</name></author>');
  });
});

describe('the download page and the links to the downloads', () => {
  it('lists every file with its real size, the license and how to load the data', async () => {
    const html = (await readFile(path.join(first, 'data.html'))).toString('utf8');
    expect(html).toContain(`<link rel="canonical" href="${testSiteUrl}/data">`);
    for (const resource of datapackage.resources) {
      expect(html).toContain(`href="${testSiteUrl}/data/${filesOf(resource)[0]}"`);
      expect(html).toContain(`title="${resource.bytes} bytes"`);
    }
    expect(html).toContain('CC BY 4.0');
    expect(html).toMatch(/duckdb -c/);
    expect(html).toMatch(/datasette landmark-condition-reports\.sqlite/);
    expect(html).toMatch(/<code[^>]*>currentCondition_currentUntil<\/code>/);
  });

  it('links the Atom feed from every page and the download page from the footer', async () => {
    // The page templates carry the same frame as every built page.
    const template = async (kind: string) => JSON.parse((await readFile(path.join(first, `_data/templates/${kind}.json`))).toString('utf8')) as string;
    for (const page of ['index.html', 'landmark template', 'report template', 'data.html']) {
      const html = page.endsWith('template') ? await template(page.split(' ')[0]!) : (await readFile(path.join(first, page))).toString('utf8');
      expect(html, page).toContain(`<link rel="alternate" type="application/atom+xml" title="Latest changes" href="${testSiteUrl}/data/changes.atom">`);
      expect(html, page).toContain('<a href="/data">Download all the data</a>');
    }
  });
});
