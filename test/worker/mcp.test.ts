import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationOrder } from '../../src/api/api-operations.ts';
import { projectRoot, testSiteUrl } from '../support/build.ts';
import { smallSite } from '../support/content-files.ts';
import { sharedSiteOf } from '../support/shared-build.ts';
import { startSite, type RunningSite } from '../support/worker.ts';

const currentRevision = '2026-07-28';
let site: RunningSite;
let mcpUrl: URL;
const clients: Client[] = [];

beforeAll(async () => {
  site = await startSite(await sharedSiteOf(smallSite), { fixedNow: '2026-02-15T12:00:00Z' });
  mcpUrl = new URL('/api/mcp', site.url);
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await site?.dispose();
});

/** A client of the official SDK: pinned to the current revision, or a plain 2025-era client. */
async function connect(era: 'current' | '2025-11-25'): Promise<Client> {
  const client = new Client(
    { name: 'lcr-test', version: '1.0.0' },
    era === 'current' ? { versionNegotiation: { mode: { pin: currentRevision } } } : {},
  );
  await client.connect(new StreamableHTTPClientTransport(mcpUrl));
  clients.push(client);
  return client;
}

async function rest(pathAndQuery: string): Promise<unknown> {
  const response = await site.get(pathAndQuery);
  expect(response.status).toBe(200);
  return response.json();
}

const textOf = (result: { content?: unknown }) => (result.content as { type: string; text: string }[]).map((block) => block.text).join('\n');

describe.each(['current', '2025-11-25'] as const)('an MCP client of the %s revision', (era) => {
  let client: Client;
  beforeAll(async () => {
    client = await connect(era);
  });

  it('negotiates its protocol revision', () => {
    expect(client.getNegotiatedProtocolVersion()).toBe(era === 'current' ? currentRevision : '2025-11-25');
    expect(client.getServerVersion()).toMatchObject({ name: 'landmark-condition-reports', version: '1.0.0' });
  });

  it('lists one read-only tool per API operation, with input and output schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...operationOrder].sort());
    for (const tool of tools) {
      expect(tool.annotations, tool.name).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(tool.description!.length).toBeGreaterThan(40);
    }
    const search = tools.find((tool) => tool.name === 'searchLandmarks')!;
    expect(search.inputSchema).toMatchObject({ required: ['q'], properties: { q: { type: 'string', minLength: 2, maxLength: 100 } } });
    const list = tools.find((tool) => tool.name === 'listLandmarks')!;
    expect(list.inputSchema.properties).toMatchObject({ limit: { type: 'integer', minimum: 1, maximum: 1000, default: 500 } });
  });

  it('answers every tool with the body the REST route gives, as structured content and as text', async () => {
    const { tools } = await client.listTools();
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    const calls: [string, Record<string, unknown>, string][] = [
      ['searchLandmarks', { q: 'tower' }, '/api/public/v1/search?q=tower'],
      ['getLandmark', { slug: 'tower-of-tests' }, '/api/public/v1/landmarks/tower-of-tests'],
      ['getReport', { id: 'scaf01test' }, '/api/public/v1/reports/scaf01test'],
      ['listLandmarks', { limit: 2 }, '/api/public/v1/landmarks?limit=2'],
      ['getChanges', { updated_since: '2000-01-01' }, '/api/public/v1/changes?updated_since=2000-01-01'],
    ];
    for (const [name, args, restPath] of calls) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError ?? false, `${name}: ${textOf(result)}`).toBe(false);
      const validate = ajv.compile(tools.find((tool) => tool.name === name)!.outputSchema!);
      expect(validate(result.structuredContent), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      expect(result.structuredContent, name).toEqual(await rest(restPath));
      expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
    }
  });

  it('features the same popular landmarks as the REST route, with a random draw of its own', async () => {
    const result = await client.callTool({ name: 'getFeaturedLandmarks', arguments: {} });
    const featured = result.structuredContent as { popular: { slug: string }[]; random: { slug: string }[] };
    const fromRest = (await rest('/api/public/v1/featured')) as typeof featured;
    expect(featured.popular).toEqual(fromRest.popular);
    expect(featured.random.map((landmark) => landmark.slug).sort()).toEqual(['old-bridge', 'quiet-square', 'tower-of-tests']);
  });

  it.each([
    ['searchLandmarks', { q: 'a' }, /q: q must be at least 2 characters/],
    ['searchLandmarks', {}, /q: q is required/],
    ['searchLandmarks', { q: '  a  ' }, /q must be 2 to 100 characters after trimming spaces; got 1/],
    ['searchLandmarks', { query: 'tower' }, /query/],
    ['listLandmarks', { limit: 5000 }, /limit: limit must be at most 1000/],
    ['listLandmarks', { limit: 2.5 }, /limit: limit must be a whole number from 1 to 1000/],
    ['listLandmarks', { cursor: 'not-a-cursor' }, /cursor is not a cursor of this list/],
    ['getLandmark', { slug: 'Tower Of Tests' }, /slug: expected lowercase letters and digits in words joined by hyphens/],
    ['getLandmark', { slug: 'no-such-place' }, /No landmark has the slug "no-such-place". Find slugs with/],
    ['getReport', { id: 'zzzzzzzzzz' }, /No report has the id "zzzzzzzzzz"/],
    ['getChanges', { updated_since: 'yesterday' }, /updated_since must be an ISO 8601 date-time/],
  ])('answers %s with bad arguments %j by a tool error saying what to fix', async (name, args, message) => {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(message);
  });
});

describe('REST and MCP refuse the same bad input', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connect('current');
  });

  it.each([
    ['searchLandmarks', '/api/public/v1/search?q=a', { q: 'a' }],
    ['searchLandmarks', '/api/public/v1/search', {}],
    ['searchLandmarks', '/api/public/v1/search?q=x%20%20', { q: 'x  ' }],
    ['listLandmarks', '/api/public/v1/landmarks?limit=0', { limit: 0 }],
    ['listLandmarks', '/api/public/v1/landmarks?limit=5000', { limit: 5000 }],
    ['listLandmarks', '/api/public/v1/landmarks?limit=2.5', { limit: 2.5 }],
    ['listLandmarks', '/api/public/v1/landmarks?cursor=', { cursor: '' }],
    ['listLandmarks', '/api/public/v1/landmarks?cursor=not-a-cursor', { cursor: 'not-a-cursor' }],
    ['getChanges', '/api/public/v1/changes?updated_since=yesterday', { updated_since: 'yesterday' }],
    ['getLandmark', '/api/public/v1/landmarks/no-such-place', { slug: 'no-such-place' }],
  ])('%s: %s gives the reason the tool gives', async (name, path, args) => {
    const response = await site.get(path);
    expect(response.status).toBeGreaterThanOrEqual(400);
    const { error } = (await response.json()) as { error: { message: string } };
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain(error.message);
  });
});

describe('the MCP endpoint over HTTP', () => {
  const initialize = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
  const post = (headers: Record<string, string>) =>
    site.get('/api/mcp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
      body: initialize,
    });

  it('answers GET with 405: there is no stream to open', async () => {
    const response = await site.get('/api/mcp', { headers: { Accept: 'text/event-stream' } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', error: { message: expect.stringContaining('send JSON-RPC messages with POST') } });
  });

  it('refuses a foreign Origin with 403, and says why', async () => {
    const response = await post({ Origin: 'https://attacker.example' });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { message: expect.stringContaining('Origin https://attacker.example is not allowed') } });
  });

  it('judges Origin against the configured site, not against the Host the request names', async () => {
    // A DNS-rebinding page: the attacker's name resolves to this server, so Host and Origin agree.
    expect((await post({ Host: 'evil.example.com', Origin: 'http://evil.example.com' })).status).toBe(403);
    // This site is configured as http://lcr.test: being reached on 127.0.0.1 does not make localhost its origin.
    expect((await post({ Origin: site.url.origin })).status).toBe(403);
    expect((await post({ Origin: 'http://localhost:6274' })).status).toBe(403);
  });

  it('accepts programs without an Origin and pages of the configured site, and lets those browsers read the answer', async () => {
    expect((await post({})).status).toBe(200);
    const own = await post({ Origin: testSiteUrl });
    expect(own.status).toBe(200);
    expect(own.headers.get('access-control-allow-origin')).toBe(testSiteUrl);
    const preflight = await site.get('/api/mcp', {
      method: 'OPTIONS',
      headers: { Origin: testSiteUrl, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type, mcp-protocol-version' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('is what the MCP Inspector CLI lists', { timeout: 120_000 }, async () => {
    const catalog = path.join(await mkdtemp(path.join(tmpdir(), 'lcr-inspector-')), 'mcp.json');
    const { stdout } = await promisify(execFile)(
      'npx',
      ['--no-install', '@modelcontextprotocol/inspector', '--cli', mcpUrl.href, '--transport', 'http', '--method', 'tools/list'],
      { cwd: projectRoot, env: { ...process.env, MCP_CATALOG_PATH: catalog }, timeout: 100_000 },
    );
    const listed = JSON.parse(stdout) as { tools: { name: string; annotations?: { readOnlyHint?: boolean } }[] };
    expect(listed.tools.map((tool) => tool.name).sort()).toEqual([...operationOrder].sort());
    expect(listed.tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
  });
});
