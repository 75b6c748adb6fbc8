import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendFile, cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { buildSiteFrom, projectRoot, runScript, testSiteUrl } from '../support/build.ts';
import { keptDatabaseDir } from '../../src/kept/database.ts';
import { copyOfFixture, smallSite, validLandmark, validReport, writeContentTree } from '../support/content-files.ts';
import { sharedSiteOf } from '../support/shared-build.ts';

async function snapshotOf(folder: string): Promise<Record<string, string>> {
  const files = await fg('**/*', { cwd: folder, dot: true });
  const entries = await Promise.all(
    files.sort().map(async (file) => [file, createHash('sha256').update(await readFile(path.join(folder, file))).digest('hex')]),
  );
  return Object.fromEntries(entries);
}

/** A site already published, as a failed build finds it: a copy of the small site's shared build, in a folder of its own. */
async function publishedSite(): Promise<string> {
  const dist = path.join(await writeContentTree({}), 'dist');
  await cp(await sharedSiteOf(smallSite), dist, { recursive: true });
  return dist;
}

describe('npm run build', () => {
  it('writes the site pages, the page templates and API data for valid content, but no file per landmark or report', async () => {
    const dist = await sharedSiteOf(smallSite);
    const files = Object.keys(await snapshotOf(dist));
    expect(files).toEqual(
      expect.arrayContaining([
        'index.html',
        '404.html',
        '_headers',
        '_data/templates/landmark.json',
        '_data/templates/report.json',
        '_data/manifest.json',
        '_data/search/38-33.json',
        '_data/landmark-pages/manifest.json',
      ]),
    );
    // The Worker renders landmark and report pages and their twins from the data as it answers.
    expect(files.filter((file) => /^(landmarks|reports|page-templates)\//.test(file))).toEqual([]);
  });

  it('refuses to build anything when a file has a problem, and leaves the previous site untouched', async () => {
    const dist = await publishedSite();
    const before = await snapshotOf(dist);
    const broken = await writeContentTree({
      'content/landmarks/eiffel-tower.md': validLandmark(),
      'content/reports/eiffel-tower/k3x9m2p4qa.md': validReport({ condition: 'clsoed' }),
    });
    const result = await runScript('build.ts', ['--content', broken, '--out', dist]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('content/reports/eiffel-tower/k3x9m2p4qa.md:2:12 condition: expected one of');
    expect(result.stderr).toContain('nothing was built');
    expect(await snapshotOf(dist)).toEqual(before);
    expect(await fg('*', { cwd: path.dirname(dist), onlyDirectories: true })).toEqual(['dist']);
  });

  it('runs with a bounded heap, and says how to give it more when the catalogue needs it, publishing nothing', async () => {
    const dist = await publishedSite();
    const before = await snapshotOf(dist);
    const starved = await runScript('build.ts', ['--content', await copyOfFixture(smallSite), '--out', dist], { BUILD_HEAP_MB: '16' });
    expect(starved.code).toBe(1);
    expect(starved.stderr).toContain('The build ran out of memory: its JavaScript heap is limited to 16 MB');
    expect(starved.stderr).toContain('Give it more with BUILD_HEAP_MB, e.g. BUILD_HEAP_MB=32 npm run build.');
    expect(await snapshotOf(dist)).toEqual(before);
  });

  it('removes the staging folders and the SQLite database that a killed build left behind', async () => {
    // Linux never gives a process an id above 4,194,304, so this build cannot be running.
    const abandoned = path.join(projectRoot, '.build-4999999');
    await mkdir(path.join(abandoned, '_data'), { recursive: true });
    await mkdir(`${abandoned}.downloads`, { recursive: true });
    // And the SQLite database it was writing beside the kept one, as large as the download.
    const root = await copyOfFixture(smallSite);
    const abandonedDatabase = path.join(keptDatabaseDir(root), 'database.sqlite.4999999.incoming');
    await mkdir(path.dirname(abandonedDatabase), { recursive: true });
    await writeFile(abandonedDatabase, 'half a database');
    await buildSiteFrom(root);
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(`${abandoned}.downloads`)).toBe(false);
    expect(existsSync(abandonedDatabase)).toBe(false);
  });

  it('says how much of the file budget it used, and publishes nothing over it', async () => {
    const root = await copyOfFixture(smallSite);
    const dist = path.join(root, 'dist');
    const within = await runScript('build.ts', ['--content', root, '--out', dist]);
    const before = await snapshotOf(dist);
    expect(within.stdout).toMatch(/File budget: \d+ of 20,000 files \(\d+\.\d%\); largest \S+, \d+\.\d MiB of 25\.0 MiB\./);

    const over = await runScript('build.ts', ['--content', root, '--out', dist, '--max-files', '40']);
    expect(over.code).toBe(1);
    expect(over.stderr).toMatch(/^The build stopped: the site would have \d+ files, over the budget of 40 \(Cloudflare allows 20,000 asset files per version on the free plan, 100,000 on paid\); by part: .*_data\/search: \d+.*On a paid plan, build with --max-files 100000/);
    expect(over.stderr).toContain('Nothing was published; ');
    expect(await snapshotOf(dist)).toEqual(before);
  });
});

describe('a rebuild from the parse cache and the kept output files', () => {
  it('after editing one report, is byte for byte the site a cold build makes, even with a damaged kept file', async () => {
    const root = await copyOfFixture(smallSite);
    // Enough reports for several buckets, so that some files hold nothing the edit touches.
    await mkdir(path.join(root, 'content/reports/quiet-square'), { recursive: true });
    for (let index = 10; index < 50; index++) await writeFile(path.join(root, `content/reports/quiet-square/extra${index}test.md`), validReport());
    await buildSiteFrom(root, path.join(root, 'first'));
    const [report] = await fg('content/reports/old-bridge/*.md', { cwd: root });
    await appendFile(path.join(root, report!), 'A sentence added by a contributor.\n');
    // A published file edited in place is also the kept one (a hard link): it must be made again.
    const reportId = path.basename(report!, '.md');
    const buckets = await fg('_data/reports/*.jsonl', { cwd: path.join(root, 'first'), absolute: true });
    const untouched = (await Promise.all(buckets.map(async (file) => ((await readFile(file, 'utf8')).includes(reportId) ? [] : [file])))).flat();
    await writeFile(untouched[0]!, '{"edited":"by hand"}');

    const warm = await runScript('build.ts', ['--content', root, '--out', path.join(root, 'warm')], { SITE_URL: testSiteUrl });
    const files = Number(/Content: (\d+) files/.exec(warm.stdout)?.[1]);
    expect(files).toBeGreaterThanOrEqual(7);
    expect(warm.stdout).toContain(`Content: ${files} files, ${files - 1} unchanged since the last run.`);
    const [, reused, reusable] = /Output: (\d+) of (\d+) reusable data files taken from the last build; 1 kept output file/.exec(warm.stdout) ?? [];
    // All but the damaged file and those holding the edit: the report's bucket, its landmark's, the list chunk, the
    // changes chunk, the recheck list's chunk, the nearby index's file holding the landmark at each of its three
    // levels, and five tables of the text downloads, one run of rows each here: CSV, NDJSON and JSON for the
    // reports, NDJSON and GeoJSON for the landmarks. The landmarks' CSV and JSON are made from their NDJSON
    // file, whose bytes the edit (to a report's body) left as they were: they are reused.
    expect(Number(reused)).toBeGreaterThan(0);
    expect(Number(reused)).toBe(Number(reusable) - 6 - 3 - 5);
    // The files made again copy the records the edit left alone from the first build's: all but the edited
    // report's and its landmark's lines, the nearby index's cells holding the landmark, and every record of
    // the damaged file, whose kept bytes can no longer be trusted.
    const [, copiedRecords, records] = /; (\d+) of (\d+) records in the keyed files made again copied from the last build's;/.exec(warm.stdout) ?? [];
    expect(Number(copiedRecords)).toBeGreaterThan(0);
    expect(Number(copiedRecords)).toBeLessThan(Number(records) - 5);
    // The SQLite rows of the NDJSON parts the edit left alone come from the database the first build kept.
    const [, copied, rows] = /; (\d+) of (\d+) SQLite rows copied from the last build's database/.exec(warm.stdout) ?? [];
    expect(Number(copied)).toBeGreaterThan(0);
    expect(Number(copied)).toBeLessThan(Number(rows));
    await rm(path.join(root, '.cache'), { recursive: true });
    const cold = await runScript('build.ts', ['--content', root, '--out', path.join(root, 'cold')], { SITE_URL: testSiteUrl });
    expect(cold.stdout).toContain(`Content: ${files} files, 0 unchanged since the last run.`);
    expect(cold.stdout).toContain(`; 0 of ${rows} SQLite rows copied from the last build's database`);
    expect(cold.stdout).toMatch(/; 0 of \d+ records in the keyed files made again copied from the last build's;/);

    // The site's code is the first build's: Astro ran for the cold build only.
    expect(warm.stdout).toContain("; pages as the last build's, with this build's data.");
    expect(cold.stdout).toContain('; pages built.');

    const warmSite = await snapshotOf(path.join(root, 'warm'));
    expect(Object.keys(warmSite).length).toBeGreaterThan(50);
    expect(warmSite).toEqual(await snapshotOf(path.join(root, 'cold')));
    expect(JSON.stringify(await snapshotOf(path.join(root, 'first')))).not.toEqual(JSON.stringify(warmSite));
  });
});

describe('the pages a rebuild takes from the last build', () => {
  /** What the downloads page says of each file's size, by file name. */
  const listedSizes = async (site: string) =>
    Object.fromEntries([...(await readFile(path.join(site, 'data.html'), 'utf8')).matchAll(/<a href="[^"]*\/data\/([^"]+)">[^<]*<\/a><div class="note">[^<]*<\/div><\/td><td>[^<]*<\/td><td><span title="(\d+) bytes">/g)].map(([, file, bytes]) => [file!, Number(bytes)]));
  const landmarkCountOnHome = async (site: string) => /<!--data:landmark-count-->(\d+)<!--\/data:landmark-count-->/.exec(await readFile(path.join(site, 'index.html'), 'utf8'))?.[1];

  it("show this build's catalogue and downloads, and are Astro's again when the kept ones are damaged", async () => {
    const root = await copyOfFixture(smallSite);
    const first = await runScript('build.ts', ['--content', root, '--out', path.join(root, 'first')], { SITE_URL: testSiteUrl });
    expect(first.stdout).toContain('; pages built.');
    expect(await landmarkCountOnHome(path.join(root, 'first'))).toBe('3');

    // A landmark and a report added: the home page counts the landmark, the downloads page gives the files' new sizes.
    await writeFile(path.join(root, 'content/landmarks/kept-pages-tower.md'), validLandmark('Kept Pages Tower', 'Q99999901'));
    await mkdir(path.join(root, 'content/reports/kept-pages-tower'), { recursive: true });
    await writeFile(path.join(root, 'content/reports/kept-pages-tower/keptpages01.md'), validReport({ summary: 'Closed while the pages were kept.' }));
    const warm = await runScript('build.ts', ['--content', root, '--out', path.join(root, 'warm')], { SITE_URL: testSiteUrl });
    expect(warm.code, warm.stderr).toBe(0);
    expect(warm.stdout).toContain("; pages as the last build's, with this build's data.");
    expect(await landmarkCountOnHome(path.join(root, 'warm'))).toBe('4');
    const sizes = await listedSizes(path.join(root, 'warm'));
    expect(Object.keys(sizes)).toContain('reports.ndjson');
    for (const [file, bytes] of Object.entries(sizes)) expect((await readFile(path.join(root, 'warm/data', file))).byteLength, file).toBe(bytes);
    expect(sizes['reports.ndjson']).not.toBe((await listedSizes(path.join(root, 'first')))['reports.ndjson']);

    // Kept pages that no longer match their seal are not used: Astro builds the pages, as a cold build's.
    const manifest = path.join(root, '.cache/built-pages/manifest.json');
    await writeFile(manifest, (await readFile(manifest, 'utf8')).replace(/"files":\{"/, '"files":{"x'));
    const repaired = await runScript('build.ts', ['--content', root, '--out', path.join(root, 'repaired')], { SITE_URL: testSiteUrl });
    expect(repaired.code, repaired.stderr).toBe(0);
    expect(repaired.stdout).toContain('; pages built.');
    // Pages that link elsewhere are other pages: with another repository named, Astro builds them.
    const elsewhere = await runScript('build.ts', ['--content', root, '--out', path.join(root, 'elsewhere')], { SITE_URL: testSiteUrl, REPOSITORY_URL: 'https://example.org/fork' });
    expect(elsewhere.code, elsewhere.stderr).toBe(0);
    expect(elsewhere.stdout).toContain('; pages built.');
    expect(await readFile(path.join(root, 'elsewhere/about.html'), 'utf8')).toContain('https://example.org/fork');
    await rm(path.join(root, '.cache'), { recursive: true });
    const cold = await runScript('build.ts', ['--content', root, '--out', path.join(root, 'cold')], { SITE_URL: testSiteUrl });
    expect(cold.stdout).toContain('; pages built.');
    const coldSite = await snapshotOf(path.join(root, 'cold'));
    expect(await snapshotOf(path.join(root, 'warm'))).toEqual(coldSite);
    expect(await snapshotOf(path.join(root, 'repaired'))).toEqual(coldSite);
  });
});

describe('npm run validate', () => {
  it('prints every problem and exits non-zero', async () => {
    const broken = await writeContentTree({
      'content/landmarks/eiffel-tower.md': validLandmark().replace('wikidata: Q243', 'wikidata: 243'),
      'content/reports/eiffel-tower/k3x9m2p4qa.md': validReport({ observedAt: '05/01/2026' }),
    });
    const result = await runScript('validate.ts', [broken]);
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n').filter((line) => line.startsWith('content/'))).toEqual([
      'content/landmarks/eiffel-tower.md:9:11 wikidata: expected a Wikidata item id like "Q243"; got 243',
      'content/reports/eiffel-tower/k3x9m2p4qa.md:4:13 observedAt: expected a real date YYYY-MM-DD or a date-time YYYY-MM-DDTHH:MM:SSZ; got "05/01/2026"',
    ]);
    expect(result.stderr).toContain('2 problem(s) in 2 file(s)');
  });

  it('passes on the bundled content', async () => {
    const result = await runScript('validate.ts', [projectRoot]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/All content is valid: \d+ landmarks, \d+ reports/);
  });
});
