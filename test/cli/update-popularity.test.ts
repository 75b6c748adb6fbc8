import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPopularity } from '../../src/load/popularity.ts';
import { wikipediaEditionsFrom } from '../../src/load/wikidata-sitelinks.ts';
import { projectRoot, runScript } from '../support/build.ts';
import { validLandmark, writeContentTree } from '../support/content-files.ts';

// The network is closed here: the fixture follows the documented shape of wbgetentities with
// props=sitelinks (entities keyed by id, sitelinks keyed by site, "missing" for unknown ids).
const fixture = path.join(projectRoot, 'test/fixtures/wikidata/wbgetentities-sitelinks.json');

describe('reading Wikipedia editions from Wikidata', () => {
  it('counts Wikipedia sitelinks only, and leaves out missing items', async () => {
    const counts = wikipediaEditionsFrom(JSON.parse(await readFile(fixture, 'utf8')));
    expect(Object.fromEntries(counts)).toEqual({ Q243: 4, Q10285: 2 });
  });

  it('reports an API error instead of writing zeros', () => {
    expect(() => wikipediaEditionsFrom({ error: { code: 'no-such-entity', info: 'Could not find an entity' } })).toThrow(/no-such-entity/);
  });
});

describe('npm run update-popularity', () => {
  it('writes content/popularity.yaml that the build reads back', async () => {
    const body = await readFile(fixture);
    const requests: string[] = [];
    const server = createServer((request, response) => {
      requests.push(request.url ?? '');
      response.setHeader('Content-Type', 'application/json');
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const root = await writeContentTree({
        'content/landmarks/eiffel-tower.md': validLandmark(),
        'content/landmarks/colosseum.md': validLandmark('Colosseum', 'Q10285'),
      });
      const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/w/api.php`;
      const result = await runScript('update-popularity.ts', ['--root', root, '--endpoint', endpoint]);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(requests).toEqual(['/w/api.php?action=wbgetentities&ids=Q10285%7CQ243&props=sitelinks&format=json']);
      const { sitelinks, problems } = await loadPopularity(root);
      expect(problems).toEqual([]);
      expect(Object.fromEntries(sitelinks)).toEqual({ Q243: 4, Q10285: 2 });
    } finally {
      server.close();
    }
  });
});

describe('npm run update-popularity without Wikidata', () => {
  it('fails with one clear line and keeps the committed file, which the deploy then builds with', async () => {
    const committed = 'retrievedAt: 2026-11-01\nsitelinks:\n  Q243: 4\n';
    const root = await writeContentTree({ 'content/landmarks/eiffel-tower.md': validLandmark(), 'content/popularity.yaml': committed });
    // A port that was just free and is closed again: the connection is refused.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));

    const result = await runScript('update-popularity.ts', ['--root', root, '--endpoint', `http://127.0.0.1:${port}/w/api.php`]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^Could not reach Wikidata at http:\/\/127\.0\.0\.1:\d+ .*; nothing was written, content\/popularity\.yaml is unchanged/);
    expect(await readFile(path.join(root, 'content/popularity.yaml'), 'utf8')).toBe(committed);
  });
});

describe('content/popularity.yaml problems', () => {
  it('are located by line like any content problem', async () => {
    const root = await writeContentTree({ 'content/popularity.yaml': 'retrievedAt: 2026-11-01\nsitelinks:\n  Q243: many\n' });
    const { problems } = await loadPopularity(root);
    expect(problems).toEqual([{ file: 'content/popularity.yaml', line: 3, column: 9, field: 'sitelinks.Q243', message: 'expected a number; got "many"' }]);
  });
});
