import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Catalogue } from '../../src/domain/catalogue.ts';
import { DigestList } from '../../src/domain/input-digests.ts';
import { emitDataFiles } from '../../src/emit/emit-api-data.ts';
import { openOutputStore } from '../../src/kept/output-files.ts';
import { sitemapFiles } from '../../src/emit/sitemap-files.ts';

/**
 * A catalogue past the sitemap's 50,000 URLs, one report per landmark, with only what the sitemap
 * reads (ids, URLs and update times) and, as the build gives them, input digests that change with the
 * records: a landmark's covers its report. `edits` date reports anew, by their landmark's index.
 */
function catalogueOf(landmarkCount: number, edits: Record<number, string> = {}): Catalogue {
  const landmarks = Array.from({ length: landmarkCount }, (_, index) => {
    const updatedAt = edits[index] ?? `2026-0${1 + (index % 9)}-01T00:00:00Z`;
    const reports = [{ id: `r${String(index).padStart(6, '0')}`, urls: { html: `https://lcr.test/reports/r${index}` }, updatedAt }];
    return { urls: { html: `https://lcr.test/landmarks/l${index}` }, reports };
  });
  const reports = landmarks.flatMap((landmark) => landmark.reports);
  const digestsOf = (records: readonly unknown[]) => {
    const list = new DigestList(records.length);
    for (const record of records) list.push(createHash('sha256').update(JSON.stringify(record)).digest());
    return list;
  };
  return { siteUrl: 'https://lcr.test/', landmarks, reports, inputDigests: { landmarks: digestsOf(landmarks), reports: digestsOf(reports) } } as unknown as Catalogue;
}

async function emitSitemap(catalogue: Catalogue, storeDir?: string) {
  const directory = await mkdtemp(path.join(tmpdir(), 'lcr-sitemap-'));
  const store = storeDir ? await openOutputStore(storeDir, 'code v1') : undefined;
  await emitDataFiles(sitemapFiles(catalogue), directory, store);
  await store?.close();
  const files = [...(await readdir(directory)).filter((name) => name.endsWith('.xml')), ...(await readdir(path.join(directory, 'sitemaps'))).map((name) => `sitemaps/${name}`)];
  const contents = Object.fromEntries(await Promise.all(files.sort().map(async (file) => [file, await readFile(path.join(directory, file), 'utf8')] as const)));
  return { contents, counts: store?.counts };
}

describe('the sitemap written by the build', () => {
  it('links the parts whose records kept their digests, and comes out as a build without kept files makes it', async () => {
    // 3 site pages, then 80,000 landmarks from part 1 into part 2, then 80,000 reports from part 2 to part 4.
    const storeDir = await mkdtemp(path.join(tmpdir(), 'lcr-sitemap-store-'));
    const first = await emitSitemap(catalogueOf(80_000), storeDir);
    expect(Object.keys(first.contents)).toEqual(['sitemap.xml', 'sitemaps/1.xml', 'sitemaps/2.xml', 'sitemaps/3.xml', 'sitemaps/4.xml']);
    expect(first.counts).toEqual({ reused: 0, made: 4 });

    // Landmark 10 (part 1) and its report (part 2), given an older date: parts 3 and 4 are taken as they were.
    const older = catalogueOf(80_000, { 10: '2025-12-01T00:00:00Z' });
    const warm = await emitSitemap(older, storeDir);
    expect(warm.contents).toEqual((await emitSitemap(older)).contents);
    expect(warm.counts).toEqual({ reused: 2, made: 2 });

    // Landmark 75,000 (part 2) and its report (part 4), now the newest: part 1 lists neither, but its
    // site pages are dated by the newest report, so it is made again too; only part 3 is taken.
    const newest = catalogueOf(80_000, { 10: '2025-12-01T00:00:00Z', 75_000: '2026-11-01T00:00:00Z' });
    const again = await emitSitemap(newest, storeDir);
    const cold = await emitSitemap(newest);
    expect(again.contents).toEqual(cold.contents);
    expect(cold.contents['sitemaps/1.xml']).toContain('<loc>https://lcr.test/</loc><lastmod>2026-11-01T00:00:00Z</lastmod>');
    expect(again.counts).toEqual({ reused: 1, made: 3 });
  });
});
