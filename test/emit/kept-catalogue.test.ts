import { createHash } from 'node:crypto';
import { appendFile, cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { syntheticCatalogueInput, writeSyntheticContent } from '../../scripts/lib/synthetic-content.ts';
import { allRecordsIn, keyedRecordsOf } from '../../src/api/data-products/keyed-records.ts';
import { shardKeyOf } from '../../src/api/search/normalize.ts';
import { keptCatalogueDir } from '../../src/kept/catalogue.ts';
import { outputStoreDir } from '../../src/kept/output-files.ts';
import { reportsWorthReadingAhead } from '../../src/load/body-reader.ts';
import { watchChecksPath, type SourceCheck, type WatchChecksFile } from '../../src/schema/watch-checks.ts';
import type { WatchMethod, WatchSource } from '../../src/schema/watch-sources.ts';
import { runScript, testSiteUrl } from '../support/build.ts';
import { validLandmark, validReport, writeContentTree } from '../support/content-files.ts';
import { commitEverything, gitAt as git } from '../support/git.ts';

/** The landmarks of the first build, in slug order, whose watch lists name sources (watchedSources). */
const watchedCount = 4;

/** The watch list of the `index`-th watched landmark: every one reads Wikidata, the second a calendar too. */
const watchedSources = (index: number): WatchSource[] => [{ wikidata: {} }, ...(index === 1 ? [{ ical: { url: 'https://example.org/hours.ics' } }] : [])];

/** A source's check record as `npm run watch` writes it. */
const checkRecord = (method: WatchMethod, url: string, checkedAt: string): SourceCheck => ({ method, url, checkedAt, outcome: 'ok', items: 1, lastSuccessAt: checkedAt });

/** content/watch/checks.yaml holding these records by landmark slug. */
const writeChecks = (root: string, checks: WatchChecksFile['checks']) => writeFile(path.join(root, watchChecksPath), stringify({ checks }));

/**
 * A catalogue of 40 landmarks and 300 reports, committed, and built once so that its catalogue is
 * kept. Its first landmarks are watched, the first three with checks on record.
 */
async function firstBuild(): Promise<string> {
  const root = await writeContentTree({});
  const input = syntheticCatalogueInput({ landmarks: 40, reports: 300, seed: 4 });
  const bySlug = [...input.landmarks].sort((a, b) => (a.slug < b.slug ? -1 : 1));
  bySlug.slice(0, watchedCount).forEach((landmark, index) => ((landmark.frontmatter as { watch?: WatchSource[] }).watch = watchedSources(index)));
  await writeSyntheticContent(root, input);
  await mkdir(path.join(root, path.dirname(watchChecksPath)), { recursive: true });
  await writeChecks(root, {
    [bySlug[0]!.slug]: { wikidata: checkRecord('wikidata', 'https://www.wikidata.org/wiki/Special:EntityData/Q1.json', '2026-01-01T06:00:00Z') },
    [bySlug[1]!.slug]: {
      'ical:https://example.org/hours.ics': checkRecord('ical', 'https://example.org/hours.ics', '2026-01-01T06:00:00Z'),
      wikidata: checkRecord('wikidata', 'https://www.wikidata.org/wiki/Special:EntityData/Q2.json', '2026-01-01T06:00:00Z'),
    },
    [bySlug[2]!.slug]: { wikidata: checkRecord('wikidata', 'https://www.wikidata.org/wiki/Special:EntityData/Q3.json', '2026-01-01T06:00:00Z') },
  });
  commitEverything(root, 'catalogue', '2026-01-01T00:00:00Z');
  const first = await build(root, 'first');
  expect(first.code, first.stderr).toBe(0);
  return root;
}

let built: Promise<string> | undefined;

/**
 * A copy of that built catalogue for one test to change: its repository, its caches and its first
 * site. The first build is made once per file, not per test (each is seconds of Astro on a loaded
 * machine). The copy's files are new to the file system, as after a restored cache: git is told to
 * look at them again, as `git status` would, so that the next build sees only a test's own changes.
 */
async function builtCatalogue(): Promise<string> {
  built ??= firstBuild();
  const root = await writeContentTree({});
  await cp(await built, root, { recursive: true, preserveTimestamps: true });
  git(root, undefined, 'update-index', '-q', '--refresh');
  return root;
}

const build = (root: string, out: string) => runScript('build.ts', ['--content', root, '--out', path.join(root, out)], { SITE_URL: testSiteUrl });

async function snapshotOf(folder: string): Promise<Record<string, string>> {
  const files = await fg('**/*', { cwd: folder, dot: true });
  const entries = await Promise.all(files.sort().map(async (file) => [file, createHash('sha256').update(await readFile(path.join(folder, file))).digest('hex')]));
  return Object.fromEntries(entries);
}

/** The site a build without any cache makes of the tree as it is; the caches are put back afterwards. */
async function coldSite(root: string): Promise<Record<string, string>> {
  await rename(path.join(root, '.cache'), path.join(root, '.cache-aside'));
  try {
    const cold = await build(root, 'cold');
    expect(cold.code, cold.stderr).toBe(0);
    return await snapshotOf(path.join(root, 'cold'));
  } finally {
    await rm(path.join(root, '.cache'), { recursive: true, force: true });
    await rename(path.join(root, '.cache-aside'), path.join(root, '.cache'));
  }
}

/**
 * Rebuilds `root` into `warm/`, and expects the rebuild to succeed, to say `said` of what it read,
 * and to make byte for byte the site a cold build makes of the tree as it is; the rebuilt site's
 * snapshot, and what the rebuild printed.
 */
async function rebuiltAsCold(root: string, said: string | RegExp): Promise<{ site: Record<string, string>; stdout: string }> {
  const rebuilt = await build(root, 'warm');
  expect(rebuilt.code, rebuilt.stderr).toBe(0);
  expect(rebuilt.stdout).toMatch(said);
  const site = await snapshotOf(path.join(root, 'warm'));
  expect(site).toEqual(await coldSite(root));
  return { site, stdout: rebuilt.stdout };
}

/** Every record the keyed-records files `files` of the site in `folder` hold, by key. */
async function publishedRecords<Record_ = { updatedAt?: string; currentUntil: string }>(folder: string, files: readonly string[]): Promise<Record<string, Record_>> {
  const all = await Promise.all(files.map(async (file) => allRecordsIn<Record_>(keyedRecordsOf(await readFile(path.join(folder, file))))));
  return Object.assign({}, ...all) as Record<string, Record_>;
}

const reportsOf = (root: string, slug: string) => fg(`content/reports/${slug}/*.md`, { cwd: root });

// Each test runs two to four builds of its own (and the first may wait for the shared one), each
// with Astro: several seconds apiece on two cores, and more beside other test files; the default
// 30 s timed out once under load.
describe('a rebuild from the kept catalogue', () => {
  it('applies edits, additions, moves and deletions, committed or not, and makes byte for byte the site a cold build makes', async () => {
    const root = await builtCatalogue();
    const slugs = (await fg('content/landmarks/*.md', { cwd: root })).sort().map((file) => path.basename(file, '.md'));
    const [first, second, third, fourth] = slugs as [string, string, string, string];

    // In the working tree only: an edited report, a new report, an edited and renamed landmark
    // (whose new name the search index must hold, though it was kept).
    const [edited] = await reportsOf(root, first);
    await appendFile(path.join(root, edited!), 'A sentence added by a contributor.\n');
    await writeFile(path.join(root, `content/reports/${second}/newreport01.md`), validReport({ observedAt: '2026-02-01' }));
    const thirdFile = path.join(root, `content/landmarks/${third}.md`);
    await writeFile(thirdFile, `${(await readFile(thirdFile, 'utf8')).replace(/^name: .*$/m, 'name: Zyxwv Observatory')}Another line of description.\n`);
    const { site: warmSite } = await rebuiltAsCold(root, /Content: 3 files changed since the last build; \d+ read again, the rest taken from the kept catalogue\./);
    expect(Object.keys(warmSite)).toContain(`_data/search/${shardKeyOf('zyxwv')}.json`);
    expect(warmSite).not.toEqual(await snapshotOf(path.join(root, 'first')));

    // Committed: those edits, a report moved to another landmark and one deleted, then a report
    // edited and restored in two commits (its bytes are as kept, its commit time is not).
    git(root, '2026-02-01T00:00:00Z', 'add', '-A', 'content');
    git(root, '2026-02-01T00:00:00Z', 'commit', '-q', '-m', 'edits');
    const [moved] = await reportsOf(root, third);
    git(root, '2026-03-01T00:00:00Z', 'mv', moved!, `content/reports/${first}/`);
    git(root, '2026-03-01T00:00:00Z', 'rm', '-q', (await reportsOf(root, second)).sort()[0]!);
    git(root, '2026-03-01T00:00:00Z', 'commit', '-q', '-m', 'move and delete');
    // (In a landmark nothing else touches, so that nothing else makes its reports read again.)
    const [restored] = await reportsOf(root, fourth);
    const before = await readFile(path.join(root, restored!));
    await appendFile(path.join(root, restored!), 'A mistake.\n');
    git(root, '2026-04-01T00:00:00Z', 'commit', '-q', '-am', 'mistake');
    await writeFile(path.join(root, restored!), before);
    git(root, '2026-05-01T00:00:00Z', 'commit', '-q', '-am', 'undo');
    const { site: committedSite } = await rebuiltAsCold(root, 'the rest taken from the kept catalogue');
    // The restored report is published with the time of the commit that restored it.
    const buckets = Object.keys(committedSite).filter((file) => file.startsWith('_data/reports/'));
    const published = await publishedRecords(path.join(root, 'warm'), buckets);
    expect(published[path.basename(restored!, '.md')]?.updatedAt).toBe('2026-05-01T00:00:00Z');
    // Four builds of its own, each running Astro: about 22 s on an idle two-core machine, more beside other tests.
  }, 120_000);

  it('republishes a report when a later one supersedes it, as a cold build does', async () => {
    const root = await builtCatalogue();
    const [slug] = (await fg('content/landmarks/*.md', { cwd: root })).sort().map((file) => path.basename(file, '.md'));
    const older = path.basename((await reportsOf(root, slug!)).sort()[0]!, '.md');
    // Only the new file changed: the older report's own file, and so its own digest, did not.
    await writeFile(path.join(root, `content/reports/${slug}/supersede01.md`), validReport({ observedAt: '2026-11-20', supersedes: older }));
    const { site: warmSite } = await rebuiltAsCold(root, 'the rest taken from the kept catalogue');
    const buckets = Object.keys(warmSite).filter((file) => file.startsWith('_data/reports/'));
    const published = await publishedRecords(path.join(root, 'warm'), buckets);
    expect(published[older]).toMatchObject({ supersededBy: 'supersede01' });
    expect(published[older]!.currentUntil <= '2026-11-19').toBe(true);
  }, 120_000);

  it('leaves content with problems to the full load, which names them all, and keeps the catalogue it had', async () => {
    const root = await builtCatalogue();
    const slugs = (await fg('content/landmarks/*.md', { cwd: root })).sort().map((file) => path.basename(file, '.md'));
    const [first, second] = slugs as [string, string];
    // A report id another landmark's report already has, and a landmark removed under its reports.
    const [taken] = await reportsOf(root, first);
    await writeFile(path.join(root, `content/reports/${second}/${path.basename(taken!)}`), validReport());
    await rename(path.join(root, `content/landmarks/${first}.md`), path.join(root, 'landmark-aside.md'));
    const failed = await build(root, 'warm');
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(`content/reports/${second}/${path.basename(taken!)}:1:1 id: expected a unique report id`);
    expect(failed.stderr).toContain(`content/reports/${first}/${path.basename(taken!)}:1:1 landmark: expected the folder to name a landmark in content/landmarks/; got "${first}"`);
    const validate = await runScript('validate.ts', ['--root', root]);
    const problemLines = (output: string) => output.split('\n').filter((line) => line.startsWith('content/'));
    expect(problemLines(failed.stderr)).toHaveLength(3);
    expect(problemLines(failed.stderr)).toEqual(problemLines(validate.stdout + validate.stderr));

    await rm(path.join(root, `content/reports/${second}/${path.basename(taken!)}`));
    await rename(path.join(root, 'landmark-aside.md'), path.join(root, `content/landmarks/${first}.md`));
    const fixed = await build(root, 'warm');
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(fixed.stdout).toContain('the rest taken from the kept catalogue');
    expect(await snapshotOf(path.join(root, 'warm'))).toEqual(await snapshotOf(path.join(root, 'first')));
  }, 120_000);

  it('applies a change of the popularity counts to the landmarks whose count changed', async () => {
    const root = await builtCatalogue();
    const landmark = await readFile(path.join(root, (await fg('content/landmarks/*.md', { cwd: root })).sort()[0]!), 'utf8');
    const wikidata = /^wikidata: (Q\d+)$/m.exec(landmark)![1]!;
    await writeFile(path.join(root, 'content/popularity.yaml'), `retrievedAt: 2026-11-01\nsitelinks:\n  ${wikidata}: 321\n`);
    const { site } = await rebuiltAsCold(root, /Content: 1 file changed since the last build; [1-9]\d* read again, the rest taken from the kept catalogue\./);
    const landmarks = Object.keys(site).filter((file) => file.startsWith('_data/landmarks/'));
    expect((await Promise.all(landmarks.map((file) => readFile(path.join(root, 'warm', file), 'utf8')))).join('')).toContain('"wikipediaEditions":321');
  }, 120_000);

  it("gives the landmarks whose checks a watch run changed their new checks, without reading their reports, as a cold build does", async () => {
    const root = await builtCatalogue();
    const slugs = (await fg('content/landmarks/*.md', { cwd: root })).map((file) => path.basename(file, '.md')).sort();
    const { checks } = parse(await readFile(path.join(root, watchChecksPath), 'utf8')) as WatchChecksFile;
    // The first landmark checked again later, the second's calendar (a source that lists dated
    // closures) checked again and its Wikidata as it was, the third's records gone, the fourth
    // checked for the first time, and a landmark that watches nothing given a record.
    const later = '2026-01-02T06:00:00Z';
    const calendar = 'ical:https://example.org/hours.ics';
    await writeChecks(root, {
      [slugs[0]!]: { wikidata: checkRecord('wikidata', 'https://www.wikidata.org/wiki/Special:EntityData/Q1.json', later) },
      [slugs[1]!]: { ...checks[slugs[1]!]!, [calendar]: checkRecord('ical', 'https://example.org/hours.ics', later) },
      [slugs[3]!]: { wikidata: checkRecord('wikidata', 'https://www.wikidata.org/wiki/Special:EntityData/Q4.json', later) },
      [slugs[watchedCount]!]: { wikidata: checkRecord('wikidata', 'https://www.wikidata.org/wiki/Special:EntityData/Q5.json', later) },
    });
    git(root, '2026-01-02T07:00:00Z', 'commit', '-q', '-am', 'watch run');
    // Only the files of the landmarks with records of sources they had no check of (the fourth, and
    // the one that watches nothing) and of the one whose dated-closure check changed (the second:
    // its input digest takes that check in), and no report: the others' checks give their sources.
    const { site } = await rebuiltAsCold(root, 'Content: 1 file changed since the last build; 3 read again, the rest taken from the kept catalogue.');
    const checkFiles = Object.keys(site).filter((file) => file.startsWith('_data/checks/'));
    const published = await publishedRecords<{ source: string; checkedAt: string }[]>(path.join(root, 'warm'), checkFiles);
    const checkedAt = (slug: string) => Object.fromEntries((published[slug] ?? []).map((check) => [check.source, check.checkedAt]));
    expect([slugs[0], slugs[1], slugs[2], slugs[3], slugs[watchedCount]].map((slug) => checkedAt(slug!))).toEqual([
      { wikidata: later },
      { [calendar]: later, wikidata: '2026-01-01T06:00:00Z' },
      {},
      { wikidata: later },
      {},
    ]);
    // No landmark is published again but in the nearby index, whose cells answer with the checks
    // of sources that list dated closures: only those of the second landmark changed.
    const first = await snapshotOf(path.join(root, 'first'));
    const changed = Object.keys(site).filter((file) => site[file] !== first[file] && file.startsWith('_data/'));
    const [checkFilesChanged, others] = [changed.filter((file) => file.startsWith('_data/checks/')), changed.filter((file) => !file.startsWith('_data/checks/'))];
    expect(checkFilesChanged.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
    for (const file of others) {
      expect(file).toMatch(/^_data\/nearby\//);
      expect(await readFile(path.join(root, 'warm', file), 'utf8')).toContain(slugs[1]!);
    }

    // The checks the kept catalogue took in (saved apart from its shards) are read back by the next
    // rebuild: a report of the first landmark edited keeps its new checks.
    const [report] = await reportsOf(root, slugs[0]!);
    await appendFile(path.join(root, report!), 'A sentence added by a contributor.\n');
    git(root, '2026-01-03T07:00:00Z', 'commit', '-q', '-am', 'an edit');
    const { site: edited } = await rebuiltAsCold(root, /Content: 1 file changed since the last build; \d+ read again, the rest taken from the kept catalogue\./);
    const checksNow = await publishedRecords<{ checkedAt: string }[]>(path.join(root, 'warm'), Object.keys(edited).filter((file) => file.startsWith('_data/checks/')));
    expect(checksNow[slugs[0]!]!.map((check) => check.checkedAt)).toEqual([later]);

    // A landmark whose own file changed takes its checks from the watch's records, not from what
    // was kept: the one that watched nothing now watches the source it has a record of.
    const unwatched = path.join(root, 'content/landmarks', `${slugs[watchedCount]!}.md`);
    await writeFile(unwatched, (await readFile(unwatched, 'utf8')).replace(/^---\n/, '---\nwatch:\n  - wikidata: {}\n'));
    git(root, '2026-01-04T07:00:00Z', 'commit', '-q', '-am', 'a landmark watched');
    const { site: watchedNow } = await rebuiltAsCold(root, /Content: 1 file changed since the last build; \d+ read again, the rest taken from the kept catalogue\./);
    const checksWatched = await publishedRecords<{ checkedAt: string }[]>(path.join(root, 'warm'), Object.keys(watchedNow).filter((file) => file.startsWith('_data/checks/')));
    expect(checksWatched[slugs[watchedCount]!]!.map((check) => check.checkedAt)).toEqual([later]);

    // A damaged record goes to the full load, which names it, and the site stays as published.
    await writeFile(path.join(root, watchChecksPath), (await readFile(path.join(root, watchChecksPath), 'utf8')).replace('outcome: ok', 'outcome: maybe'));
    const failed = await build(root, 'warm');
    expect(failed.code).not.toBe(0);
    expect(failed.stderr).toContain(watchChecksPath);
    expect(await snapshotOf(path.join(root, 'warm'))).toEqual(watchedNow);
  }, 120_000);

  it('is derived again, and says so, when a shard of it is damaged', async () => {
    const root = await builtCatalogue();
    const [shard] = await fg('shard-*.bin', { cwd: keptCatalogueDir(root), absolute: true });
    await appendFile(shard!, 'damage');
    await mkdir(path.join(root, 'content/reports/new-landmark'), { recursive: true });
    await writeFile(path.join(root, 'content/landmarks/new-landmark.md'), validLandmark('New Landmark', 'Q99999999'));
    await writeFile(path.join(root, 'content/reports/new-landmark/newreport02.md'), validReport());
    await rebuiltAsCold(root, 'the kept catalogue was derived again (it was damaged or partly saved)');
    // Kept whole again; the files added and left untracked are not read again while unchanged.
    const again = await build(root, 'warm');
    expect(again.stdout).toContain('Content: 0 files changed since the last build');
  }, 120_000);

  it("makes every file again when the kept files are gone, with a thread started to read the reports' bodies ahead, and makes the site a cold build makes", async () => {
    const root = await writeContentTree({});
    await writeSyntheticContent(root, syntheticCatalogueInput({ landmarks: 30, reports: reportsWorthReadingAhead + 100, seed: 5 }));
    commitEverything(root, 'catalogue', '2026-01-01T00:00:00Z');
    const first = await build(root, 'first');
    expect(first.code, first.stderr).toBe(0);
    // As after new code, which can reuse none of the files the last build kept: here they are gone.
    await rm(outputStoreDir(root), { recursive: true });
    const [report] = await fg('content/reports/*/*.md', { cwd: root });
    await appendFile(path.join(root, report!), 'A sentence added by a contributor.\n');

    const { stdout } = await rebuiltAsCold(root, 'Content: 1 file changed since the last build');
    expect(stdout).toMatch(/Output: 0 of [\d,]+ reusable data files taken from the last build/);

    // The files kept again, the next rebuild takes them all.
    const again = await build(root, 'again');
    expect(again.stdout).toContain('Content: 0 files changed since the last build');
    expect(again.stdout).toMatch(/Output: ([\d,]+) of \1 reusable data files taken from the last build/);
  }, 180_000);
});
