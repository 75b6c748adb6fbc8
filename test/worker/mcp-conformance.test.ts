import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticCatalogueInput } from '../../scripts/lib/synthetic-content.ts';
import { emitApiSite } from '../support/api-site.ts';
import { startSite, type RunningSite } from '../support/worker.ts';

// The official MCP conformance suite, run against the Worker in workerd. Only the scenarios that
// apply to a stateless, tools-only, read-only server; DNS-rebinding protection is tested the way
// the suite requires, on a site configured for localhost as `npm start` serves it.
const scenarios = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];
const conformanceCli = path.join(path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json')), 'dist/index.js');

let site: RunningSite;

beforeAll(async () => {
  site = await startSite(await emitApiSite(syntheticCatalogueInput({ landmarks: 30, reports: 60 }), 'http://localhost:8787'));
});
afterAll(async () => {
  await site?.dispose();
});

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
}

/** Runs one scenario, its results saved in a folder of their own. */
async function runScenario(scenario: string): Promise<{ exitCode: number; checks: Check[]; output: string }> {
  const workdir = await mkdtemp(path.join(tmpdir(), 'lcr-conformance-'));
  const url = new URL('/api/mcp', site.url).href;
  let exitCode = 0;
  let output = '';
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [conformanceCli, 'server', '--url', url, '--scenario', scenario, '--output-dir', workdir]);
    output = stdout + stderr;
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    exitCode = typeof failed.code === 'number' ? failed.code : 1;
    output = `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
  }
  const checks: Check[] = [];
  for (const file of await readdir(workdir, { recursive: true })) {
    if (path.basename(file) === 'checks.json') checks.push(...(JSON.parse(await readFile(path.join(workdir, file), 'utf8')) as Check[]));
  }
  return { exitCode, checks, output };
}

describe('the MCP conformance suite', () => {
  it.each(scenarios)('passes %s', { timeout: 60_000 }, async (scenario) => {
    const { exitCode, checks, output } = await runScenario(scenario);
    const failures = checks.filter((check) => check.status === 'FAILURE').map((check) => `${check.id}: ${check.errorMessage ?? ''}`);
    expect(failures, output).toEqual([]);
    expect(checks.some((check) => check.status === 'SUCCESS'), output).toBe(true);
    expect(exitCode, output).toBe(0);
  });
});
