import { hash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { syntheticCatalogueInput } from '../../scripts/lib/synthetic-content.ts';
import { buildCatalogue, type Catalogue } from '../../src/domain/catalogue.ts';
import { keptReportLimit } from '../../src/domain/landmark-reports.ts';
import { reportColumnsOf } from '../../src/domain/report-columns.ts';
import { fileIdentity } from '../../src/kept/digests.ts';
import { joinShards, keepCatalogue, readKeptManifest, readKeptShards, shardChecksBytes, shardFilePieces, shardOfBytes, shardOfSlug, splitCatalogue, type KeptCatalogue, type Manifest as KeptManifest } from '../../src/kept/catalogue.ts';

const siteUrl = 'https://conditions.example.org';

/** A catalogue with input digests, a landmark heavier than the kept-report limit, and reports announced ahead. */
function catalogueWithDigests(seed = 7) {
  const input = syntheticCatalogueInput({ landmarks: 30, reports: 2_000, seed, skew: 1.2, announced: 0.2, realistic: true });
  const reports = [...input.reports];
  // One report updates the one before it of its landmark (supersedes / supersededBy).
  const [older, newer] = reports.filter((report) => report.landmarkSlug === reports[0]!.landmarkSlug);
  // Summaries outside ASCII, in two shards: Latin-1 in the first report's, and in another,
  // characters beyond it and a lone surrogate (a YAML escape can write one), all read back as written.
  const wide = reports.find((report) => shardOfSlug(report.landmarkSlug) !== shardOfSlug(reports[0]!.landmarkSlug));
  const beside = reports.find((report) => report !== wide && report.landmarkSlug === wide?.landmarkSlug);
  if (!wide || !beside) throw new Error('expected two reports of a landmark in another shard than the first report’s');
  const summaries = new Map([
    [reports[0], 'Façade of the Église under scaffolding'],
    [wide, '清水寺の舞台は工事中です 🏗️'],
    [beside, 'A lone \ud800 half'],
  ]);
  const blobbed = {
    ...input,
    landmarks: input.landmarks.map((landmark) => ({ ...landmark, blobId: `blob-${landmark.slug}` })),
    reports: reports.map((report) => ({
      ...report,
      frontmatter: {
        ...report.frontmatter,
        ...(report === newer ? { supersedes: older!.id } : {}),
        ...(summaries.has(report) ? { summary: summaries.get(report)! } : {}),
      },
      blobId: `blob-${report.id}`,
    })),
    digest: (text: string) => hash('sha256', text, 'binary'),
  };
  return buildCatalogue(blobbed, siteUrl);
}

/** Keeps `catalogue` in a new folder as a build would ('code' its fingerprint), runs `test` on the folder and its manifest, then removes it. */
async function withKeptFiles(catalogue: Catalogue, test: (dir: string, manifest: KeptManifest<string>) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lcr-kept-catalogue-'));
  try {
    await keepCatalogue(dir, 'code', 'first', splitCatalogue(catalogue));
    await test(dir, (await readKeptManifest<string>(dir, 'code'))!);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the kept catalogue’s shard files', () => {
  it('hold no address and no copy of a timeline, and read back as records that write the same JSON', () => {
    const catalogue = catalogueWithDigests();
    const evidence = catalogue.reports.map((_, position) => catalogue.evidence(position));
    expect(Math.max(...catalogue.landmarks.map((landmark) => landmark.reportCount))).toBeGreaterThan(keptReportLimit);
    expect(catalogue.landmarks.some((landmark) => landmark.conditionTimeline.length > 1)).toBe(true);
    // Every field a shard keeps by index or as evidence, with and without a value.
    for (const has of [
      (position: number) => evidence[position]!.confirmations.length > 0,
      (position: number) => evidence[position]!.additionalSources.length > 0,
      (position: number) => catalogue.reports[position]!.until !== null,
      (position: number) => catalogue.reports[position]!.supersedes !== null,
      (position: number) => catalogue.reports[position]!.supersededBy !== null,
    ]) {
      expect(catalogue.reports.some((_, position) => has(position))).toBe(true);
      expect(catalogue.reports.some((_, position) => !has(position))).toBe(true);
    }
    expect(evidence.some((item) => item.source.name !== null)).toBe(true);
    const kept = splitCatalogue(catalogue);
    const files = kept.shards.map((shard) => Buffer.concat(shardFilePieces(shard).pieces));
    const text = files.map((bytes) => bytes.toString('latin1')).join('');
    expect(text).not.toContain(siteUrl);
    expect(text).not.toContain('reportId');

    // The landmarks' checks, kept in files of their own, read back with them.
    expect(catalogue.landmarks.some((landmark) => landmark.watchChecks.length > 0)).toBe(true);
    const shards = files.map((bytes, index) => shardOfBytes(bytes, shardChecksBytes(kept.shards[index]!), siteUrl, (start, length, encoding) => bytes.toString(encoding, start, start + length)));
    const readBack = joinShards({ shards, order: kept.order, close: async () => {} }, siteUrl, catalogue.bodies);
    expect(JSON.stringify(readBack.landmarks)).toBe(JSON.stringify(catalogue.landmarks));
    expect(JSON.stringify(readBack.reports)).toBe(JSON.stringify(catalogue.reports));
    // Field by field, as the build reads them, and not only as JSON: a report and a timeline entry
    // read back are views of the shard's columns.
    const fields = <T extends object>(records: readonly T[], keys: readonly string[]) => records.map((record) => Object.fromEntries(keys.map((key) => [key, record[key as keyof T]])));
    const reportKeys = Object.keys(catalogue.reports[0]!);
    expect(fields(readBack.reports, reportKeys)).toEqual(fields(catalogue.reports, reportKeys));
    const timelines = (landmarks: Catalogue['landmarks']) => landmarks.flatMap((landmark) => landmark.conditionTimeline);
    const conditionKeys = Object.keys(timelines(catalogue.landmarks)[0]!);
    expect(fields(timelines(readBack.landmarks), conditionKeys)).toEqual(fields(timelines(catalogue.landmarks), conditionKeys));
    // The columns a rebuild reads over every report come with them, as they would be made from the reports.
    expect(reportColumnsOf(readBack.reports)).toEqual(reportColumnsOf([...catalogue.reports]));
    // Each report's evidence, read from its shard's bytes only when asked for.
    expect(JSON.stringify(catalogue.reports.map((_, position) => readBack.evidence(position)))).toBe(JSON.stringify(evidence));
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
    for (const shard of splitCatalogue(catalogue).shards) shardFilePieces(shard);
    expect(JSON.stringify(catalogue.landmarks)).toBe(before);
  });

  it('give each report’s evidence from the files read, after a save has put others in their place, and keep it in new files', async () => {
    const catalogue = catalogueWithDigests();
    const evidence = JSON.stringify(catalogue.reports.map((_, position) => catalogue.evidence(position)));
    const evidenceOf = (kept: KeptCatalogue) => {
      const joined = joinShards(kept, siteUrl, catalogue.bodies);
      return JSON.stringify(joined.reports.map((_, position) => joined.evidence(position)));
    };
    await withKeptFiles(catalogue, async (dir, first) => {
      // What each shard file holds after its record and texts (their lengths in its first 8 bytes): every report's evidence, as JSON.
      const evidenceBytes = async () => {
        const files = await fg('shard-*.bin', { cwd: dir, absolute: true });
        return Promise.all(files.sort().map(async (file) => {
          const bytes = await readFile(file);
          return bytes.subarray(8 + bytes.readUInt32LE(0) + bytes.readUInt32LE(4)).toString('latin1');
        }));
      };
      const firstEvidence = await evidenceBytes();
      const kept = (await readKeptShards(dir, first, siteUrl))!;
      // Another catalogue saved over every shard while the first is still being read, as a rebuild saves those it changed.
      const other = splitCatalogue(catalogueWithDigests(8));
      await keepCatalogue(dir, 'code', 'other', other, { previous: first, changed: new Set(other.shards.keys()) });
      expect(evidenceOf(kept)).toBe(evidence);

      // Saved again from what was read: the new files hold the evidence read from the replaced ones,
      // byte for byte as first saved (non-ASCII too: it is copied as bytes, not written again).
      expect(evidence).toMatch(/[\u0080-\uffff]/);
      await keepCatalogue(dir, 'code', 'again', kept, { previous: first, changed: new Set(kept.shards.keys()) });
      await kept.close();
      expect(await evidenceBytes()).toEqual(firstEvidence);
      const again = (await readKeptShards(dir, (await readKeptManifest<string>(dir, 'code'))!, siteUrl))!;
      expect(evidenceOf(again)).toBe(evidence);
      await again.close();
    });
  });

  it('are read again only whole and as saved: a shard changed in place, even to the same size, gives no catalogue', async () => {
    await withKeptFiles(catalogueWithDigests(), async (dir, manifest) => {
      const intact = await readKeptShards(dir, manifest, siteUrl);
      expect(intact?.shards).toHaveLength(manifest.shards.length);
      await intact!.close();
      const [shard] = await fg('shard-*.bin', { cwd: dir, absolute: true });
      const bytes = await readFile(shard!);
      bytes[bytes.length - 2] = bytes[bytes.length - 2]! ^ 1;
      await writeFile(shard!, bytes);
      expect(await readKeptShards(dir, manifest, siteUrl)).toBeUndefined();
    });
    // A shard's checks file too.
    await withKeptFiles(catalogueWithDigests(), async (dir, manifest) => {
      const file = path.join(dir, 'checks-0.bin');
      const bytes = await readFile(file);
      bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 1;
      await writeFile(file, bytes);
      expect(await readKeptShards(dir, manifest, siteUrl)).toBeUndefined();
    });
  });

  it("save a shard's checks alone when only they changed, its file left as it was", async () => {
    await withKeptFiles(catalogueWithDigests(), async (dir, manifest) => {
      const kept = (await readKeptShards(dir, manifest, siteUrl))!;
      const index = kept.shards.findIndex((shard) => shard.landmarks.some((landmark) => landmark.watchChecks.length > 0));
      const shard = kept.shards[index]!;
      const position = shard.landmarks.findIndex((landmark) => landmark.watchChecks.length > 0);
      const slug = shard.landmarks[position]!.slug;
      const shardFile = await readFile(path.join(dir, `shard-${index}.bin`));
      const checkedAt = '2027-01-01T06:00:00Z';
      const landmarks = shard.landmarks.map((landmark, at) => (at === position ? { ...landmark, watchChecks: landmark.watchChecks.map((check) => ({ ...check, checkedAt })) } : landmark));
      const shards = kept.shards.map((each, at) => (at === index ? { ...each, landmarks } : each));
      await keepCatalogue(dir, 'code', 'checked', { ...kept, shards }, { previous: manifest, changed: new Set(), checked: new Set([index]) });
      await kept.close();
      expect(await readFile(path.join(dir, `shard-${index}.bin`))).toEqual(shardFile);
      const again = (await readKeptShards(dir, (await readKeptManifest<string>(dir, 'code'))!, siteUrl))!;
      const landmark = again.shards[index]!.landmarks.find((candidate) => candidate.slug === slug)!;
      expect(landmark.watchChecks.map((check) => check.checkedAt)).toEqual(landmark.watchChecks.map(() => checkedAt));
      await again.close();
    });
  });

  it('give no catalogue, rather than fail, when a file taken as saved (its identity on disk unchanged) is not a shard', async () => {
    await withKeptFiles(catalogueWithDigests(), async (dir, manifest) => {
      const file = path.join(dir, 'shard-0.bin');
      // The length of its texts made larger than the file: read only up to its evidence, as a shard
      // unchanged since saved is, it holds no texts where its record says.
      const bytes = await readFile(file);
      bytes.writeUInt32LE(bytes.length, 4);
      await writeFile(file, bytes);
      const identities = [...manifest.identities!];
      identities[0] = fileIdentity(await stat(file, { bigint: true }));
      expect(await readKeptShards(dir, { ...manifest, identities }, siteUrl)).toBeUndefined();
    });
  });
});
