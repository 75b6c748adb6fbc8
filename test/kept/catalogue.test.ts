import { hash } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { syntheticCatalogueInput } from '../../scripts/lib/synthetic-content.ts';
import { buildCatalogue } from '../../src/domain/catalogue.ts';
import { keptReportLimit } from '../../src/domain/landmark-reports.ts';
import { joinShards, shardFileOf, shardOfFile, splitCatalogue } from '../../src/kept/catalogue.ts';

const siteUrl = 'https://conditions.example.org';

/** A catalogue with input digests, a landmark heavier than the kept-report limit, and reports announced ahead. */
function catalogueWithDigests() {
  const input = syntheticCatalogueInput({ landmarks: 30, reports: 2_000, seed: 7, skew: 1.2, announced: 0.2, realistic: true });
  const blobbed = {
    ...input,
    landmarks: input.landmarks.map((landmark) => ({ ...landmark, blobId: `blob-${landmark.slug}` })),
    reports: [...input.reports].map((report) => ({ ...report, blobId: `blob-${report.id}` })),
    digest: (text: string) => hash('sha256', text, 'binary'),
  };
  return buildCatalogue(blobbed, siteUrl);
}

describe('the kept catalogue’s shard files', () => {
  it('hold no address and no copy of a timeline, and read back as records that write the same JSON', () => {
    const catalogue = catalogueWithDigests();
    expect(Math.max(...catalogue.landmarks.map((landmark) => landmark.reportCount))).toBeGreaterThan(keptReportLimit);
    expect(catalogue.landmarks.some((landmark) => landmark.conditionTimeline.length > 1)).toBe(true);
    // Every field a shard keeps by index, with and without a value.
    for (const has of [
      (report: (typeof catalogue.reports)[number]) => report.confirmations.length > 0,
      (report: (typeof catalogue.reports)[number]) => report.additionalSources.length > 0,
      (report: (typeof catalogue.reports)[number]) => report.until !== null,
    ]) {
      expect(catalogue.reports.some(has)).toBe(true);
      expect(catalogue.reports.some((report) => !has(report))).toBe(true);
    }
    expect(catalogue.reports.some((report) => report.source.name !== null)).toBe(true);
    const kept = splitCatalogue(catalogue);
    const files = kept.shards.map((shard) => serialize(shardFileOf(shard)));
    const text = files.map((bytes) => bytes.toString('latin1')).join('');
    expect(text).not.toContain(siteUrl);
    expect(text).not.toContain('reportId');

    const readBack = joinShards({ shards: files.map((bytes) => shardOfFile(deserialize(bytes), siteUrl)), order: kept.order }, siteUrl, catalogue.bodies);
    expect(JSON.stringify(readBack.landmarks)).toBe(JSON.stringify(catalogue.landmarks));
    expect(JSON.stringify(readBack.reports)).toBe(JSON.stringify(catalogue.reports));
    // A landmark's reports, its timeline and the list of all reports share their records, as when derived.
    const [landmark] = readBack.landmarks.filter((candidate) => candidate.conditionTimeline.length > 1);
    const report = readBack.reports.find((candidate) => candidate.id === landmark!.reports[0]!.id);
    expect(landmark!.reports[0]).toBe(report);
    expect(landmark!.currentCondition).toBe(landmark!.conditionTimeline[0]);
    expect(landmark!.currentCondition!.summary).toBe(report!.summary);
  });

  it('leave the records they were made from as they were', () => {
    const catalogue = catalogueWithDigests();
    const before = JSON.stringify(catalogue.landmarks);
    for (const shard of splitCatalogue(catalogue).shards) serialize(shardFileOf(shard));
    expect(JSON.stringify(catalogue.landmarks)).toBe(before);
  });
});
