import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../src/emit/openapi.ts';
import { apiOperations, fillPath, operationOrder } from '../../src/api/api-operations.ts';
import { dataLicense } from '../../src/domain/data-license.ts';
import { conditions } from '../../src/schema/conditions.ts';
import { projectRoot, testSiteUrl } from '../support/build.ts';
import { smallSite } from '../support/content-files.ts';
import { sharedSiteOf } from '../support/shared-build.ts';
import { responseCheckFor } from '../support/openapi-validator.ts';
import { startSite, type RunningSite } from '../support/worker.ts';

let site: RunningSite;
let document: OpenApiDocument;

beforeAll(async () => {
  site = await startSite(await sharedSiteOf(smallSite), { fixedNow: '2026-02-15T12:00:00Z' });
  document = (await (await site.get('/api/openapi.json')).json()) as OpenApiDocument;
});
afterAll(async () => {
  await site?.dispose();
});

type Operation = {
  operationId: string;
  parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown>; example?: unknown }[];
  responses: Record<string, { content?: Record<string, { schema: { $ref: string }; examples?: Record<string, { value: unknown }> }> }>;
};
const operation = (operationId: string) =>
  Object.values(document.paths).map(({ get }) => get as unknown as Operation).find((candidate) => candidate.operationId === operationId)!;
const parameter = (operationId: string, name: string) => operation(operationId).parameters.find((candidate) => candidate.name === name)!;

describe('/api/openapi.json', () => {
  it('is served as JSON with CORS and a strong ETag', async () => {
    const response = await site.get('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect((await site.get('/api/openapi.json', { headers: { 'If-None-Match': etag } })).status).toBe(304);
  });

  it('is OpenAPI 3.1, version 1.0.0, under the data license, for this site', () => {
    expect(document).toMatchObject({
      openapi: '3.1.0',
      jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
      info: { version: '1.0.0', license: { url: dataLicense.url } },
      servers: [{ url: testSiteUrl }],
      security: [],
    });
  });

  it('describes every operation of the spec under its operationId and path', () => {
    const described = Object.entries(document.paths).map(([apiPath, { get }]) => [(get as { operationId: string }).operationId, apiPath]);
    expect(Object.fromEntries(described)).toEqual({
      listLandmarks: '/api/public/v1/landmarks',
      getFeaturedLandmarks: '/api/public/v1/featured',
      searchLandmarks: '/api/public/v1/search',
      getLandmark: '/api/public/v1/landmarks/{slug}',
      getLandmarkStatus: '/api/public/v1/landmarks/{slug}/status',
      listNearbyLandmarks: '/api/public/v1/nearby',
      listLandmarkReports: '/api/public/v1/landmarks/{slug}/reports',
      getReport: '/api/public/v1/reports/{id}',
      getChanges: '/api/public/v1/changes',
      listLandmarksToRecheck: '/api/public/v1/recheck',
    });
  });

  it('gives the parameters with their limits', () => {
    expect(parameter('listLandmarks', 'limit')).toMatchObject({ in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 1000, default: 500 } });
    expect(parameter('listLandmarks', 'cursor')).toMatchObject({ in: 'query', required: false, schema: { type: 'string' } });
    expect(parameter('searchLandmarks', 'q')).toMatchObject({ in: 'query', required: true, schema: { type: 'string', minLength: 2, maxLength: 100 } });
    expect(parameter('getLandmark', 'slug')).toMatchObject({ in: 'path', required: true });
    expect(parameter('getReport', 'id')).toMatchObject({ in: 'path', required: true });
    expect(parameter('getChanges', 'updated_since')).toMatchObject({ in: 'query', required: false });
    expect(parameter('getLandmarkStatus', 'on')).toMatchObject({ in: 'query', required: false, schema: { type: 'string', format: 'date' } });
    // Every route that carries freshness answers for another day on request.
    for (const id of ['listLandmarks', 'getFeaturedLandmarks', 'searchLandmarks', 'getLandmark', 'listLandmarkReports', 'getReport', 'getChanges']) {
      expect(parameter(id, 'at'), id).toMatchObject({ in: 'query', required: false, schema: { type: 'string', format: 'date' } });
    }
    expect(operation('getFeaturedLandmarks').parameters.map((p) => p.name)).toEqual(['at']);
  });

  it('gives every success and error response a schema', () => {
    const errorStatuses = Object.fromEntries(operationOrder.map((id) => [id, Object.keys(operation(id).responses).filter((status) => status >= '400')]));
    expect(errorStatuses).toEqual({
      searchLandmarks: ['400', '500', '503'],
      getLandmark: ['400', '404', '500', '503'],
      getLandmarkStatus: ['400', '404', '500', '503'],
      listNearbyLandmarks: ['400', '500', '503'],
      listLandmarkReports: ['400', '404', '500', '503'],
      getReport: ['400', '404', '500', '503'],
      listLandmarks: ['400', '500', '503'],
      getChanges: ['400', '500', '503'],
      getFeaturedLandmarks: ['400', '500', '503'],
      listLandmarksToRecheck: ['400', '500', '503'],
    });
    for (const id of operationOrder) {
      const { responses } = operation(id);
      expect(responses['200']!.content!['application/json']!.schema.$ref).toBe(`#/components/schemas/${apiOperations[id].responseName}`);
      for (const status of ['400', '404'].filter((code) => responses[code])) {
        expect(responses[status]!.content!['application/json']!.schema.$ref).toBe('#/components/schemas/Error');
      }
    }
  });

  it('names the condition vocabulary once, as an enum, and refers to it', () => {
    expect(document.components.schemas.Condition).toMatchObject({ type: 'string', enum: [...conditions] });
    expect(JSON.stringify(document.components.schemas).split(`"enum":${JSON.stringify(conditions)}`)).toHaveLength(2);
    const report = document.components.schemas.Report as { properties: { condition: unknown } };
    expect(report.properties.condition).toMatchObject({ $ref: '#/components/schemas/Condition' });
  });

  it('closes every response object, so an undocumented field is a mismatch', () => {
    const open: string[] = [];
    const visit = (schema: unknown, where: string): void => {
      if (typeof schema !== 'object' || schema === null) return;
      const node = schema as Record<string, unknown>;
      if (node.type === 'object' && node.additionalProperties !== false) open.push(where);
      for (const [key, value] of Object.entries(node)) visit(value, `${where}/${key}`);
    };
    visit(document.components.schemas, '#/components/schemas');
    expect(open).toEqual([]);
  });

  it('has examples from the site\'s data that are valid responses, and requests that work', async () => {
    const check = responseCheckFor(document);
    for (const id of operationOrder) {
      const { parameters, responses } = operation(id);
      const example = responses['200']!.content!['application/json']!.examples![id]!.value;
      const values = Object.fromEntries(parameters.filter((p) => p.example !== undefined).map((p) => [p.name, String(p.example)]));
      const query = new URLSearchParams(Object.entries(values).filter(([name]) => parameters.find((p) => p.name === name)!.in === 'query'));
      const requestPath = fillPath(apiOperations[id].path, values);
      expect(() => check(requestPath, 200, example), id).not.toThrow();
      const response = await site.get(`${requestPath}${query.size ? `?${query}` : ''}`);
      expect(response.status, id).toBe(200);
    }
  });

  it('passes Redocly\'s lint with no errors', { timeout: 60_000 }, async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'lcr-openapi-')), 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    const run = promisify(execFile);
    const result = await run(process.execPath, [path.join(projectRoot, 'node_modules/.bin/redocly'), 'lint', file, '--format', 'json'], {
      cwd: path.dirname(file),
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    }).catch((error: { stdout: string; stderr: string }) => error);
    const report = JSON.parse(result.stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; severity: string; message: string }[] };
    for (const problem of report.problems.filter((p) => p.severity === 'warn')) console.warn(`redocly warning ${problem.ruleId}: ${problem.message}`);
    expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });
});

describe('the check of responses against the document', () => {
  it('refuses a field the document does not describe, a wrong type and an undocumented status', async () => {
    const check = responseCheckFor(document);
    const body = (await (await site.get('/api/public/v1/reports/scaf01test')).json()) as Record<string, unknown>;
    expect(() => check('/api/public/v1/reports/scaf01test', 200, body)).not.toThrow();
    expect(() => check('/api/public/v1/reports/scaf01test', 200, { ...body, secret: 1 })).toThrow(/must NOT have additional properties/);
    expect(() => check('/api/public/v1/reports/scaf01test', 200, { ...body, isCurrent: 'yes' })).toThrow(/isCurrent must be boolean/);
    expect(() => check('/api/public/v1/reports/scaf01test', 200, { ...body, condition: 'clsoed' })).toThrow(/allowed values/);
    expect(() => check('/api/public/v1/reports/scaf01test', 409, { error: { status: 409, code: 'x', message: 'y' } })).toThrow(/status the OpenAPI document does not list/);
    expect(() => check('/api/public/v2/nothing', 404, { error: { status: 404, code: 'not_found', message: 'No API route' } })).not.toThrow();
    expect(() => check('/api/public/v2/nothing', 404, { error: { status: 404 } })).toThrow(/Error/);
  });
});

describe('error examples', () => {
  it('are what the Worker answers to each operation’s typical mistake, word for word', async () => {
    let checked = 0;
    for (const operationId of operationOrder) {
      const operation = apiOperations[operationId] as (typeof apiOperations)[typeof operationId] & { exampleMistake?: Record<string, string | number> };
      if (!operation.exampleMistake) continue;
      const get = (document.paths as Record<string, { get: { responses: Record<string, { content?: { 'application/json'?: { example?: unknown } } }> } }>)[operation.path]!.get;
      const documented = Object.values(get.responses).map((response) => response.content?.['application/json']?.example).find(Boolean);
      const query = new URLSearchParams(
        Object.entries(operation.exampleMistake).filter(([name]) => !operation.path.includes(`{${name}}`)).map(([name, value]) => [name, String(value)]),
      );
      const response = await site.get(`${fillPath(operation.path, operation.exampleMistake as Record<string, string>)}${query.size ? `?${query}` : ''}`);
      expect({ operationId, body: await response.json() }).toEqual({ operationId, body: documented });
      checked++;
    }
    expect(checked).toBe(9);
  });
});

describe('dates in the document', () => {
  it('carry their format: date for calendar days, date or date-time for observations', () => {
    const report = (document.components as { schemas: Record<string, { properties: Record<string, Record<string, unknown>> }> }).schemas.Report!.properties;
    expect(report.currentUntil).toMatchObject({ type: 'string', format: 'date' });
    expect(report.observedAt).toMatchObject({ type: 'string', anyOf: [{ format: 'date' }, { format: 'date-time' }] });
    expect(report.updatedAt).toMatchObject({ type: 'string', format: 'date-time' });
  });
});
