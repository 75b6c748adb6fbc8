import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { syntheticCatalogueInput } from '../../scripts/lib/synthetic-content.ts';
import { apiDataFiles } from '../../src/api/data-products.ts';
import { dataFileText } from '../../src/api/data-products/product.ts';
import { buildCatalogue, publishedLandmark, publishedLandmarkJson, publishedReport, type Catalogue, type CatalogueInput } from '../../src/domain/catalogue.ts';
import { keptReportLimit } from '../../src/domain/landmark-reports.ts';
import { allRecordsIn, keyedRecordsOf } from '../../src/api/data-products/keyed-records.ts';
import { jsonArrayOf, portableUtf8BytesOf, textOfUtf8Bytes, utf8BytesOf } from '../../src/domain/json-texts.ts';
import { emitDataFiles } from '../../src/emit/emit-api-data.ts';
import { reportTexts } from '../../src/emit/report-texts.ts';
import { openTextsKept } from '../../src/emit/texts-made-once.ts';

const siteUrl = 'https://lcr.test';

/**
 * The report texts a build keeps in a scratch file in `dir`, after the first `heldBytes` of them
 * held in memory, as build-site.ts opens them, and the texts made once they give the catalogue.
 */
function openReportTexts(catalogue: Catalogue, dir: string, heldBytes = 0) {
  const kept = openTextsKept(dir, heldBytes)!;
  return { json: reportTexts(catalogue, kept.madeOnce), madeOnce: kept.madeOnce, close: kept.close };
}

/** The text whose UTF-8 bytes these are, one character per byte. */
const textOf = (bytes: string) => Buffer.from(bytes, 'latin1').toString('utf8');

/**
 * A catalogue whose keys JSON orders apart: report ids and a slug that are array indices, which
 * JSON.stringify puts first in a bucket's object, and ids that only look like them. One landmark
 * has more reports than its bucket keeps, so its reports also go to the heavy landmarks' chunks.
 */
function catalogueInput(reportCount = keptReportLimit + 400): CatalogueInput {
  const input = syntheticCatalogueInput({ landmarks: 12, reports: reportCount, seed: 5, skew: 1.2, realistic: true });
  const landmarks = input.landmarks.map((landmark, index) => (index === 3 ? { ...landmark, slug: '42' } : landmark));
  const reports = [...input.reports].map((report, index) => {
    const numeric = ['123456', '4294967294', '4294967295', '000042', '987654321'][index];
    return {
      ...report,
      ...(numeric ? { id: numeric } : {}),
      ...(report.landmarkSlug === input.landmarks[3]!.slug ? { landmarkSlug: '42' } : {}),
      // Bodies with text that is not ASCII, which a byte-level join must not cut or re-encode.
      details: index % 7 === 0 ? `Fermé — 東京 ${index}, "quoted", back\\slash.\n` : report.details,
    };
  });
  return { ...input, landmarks, reports };
}

describe('report texts made once per build', () => {
  // None held: all in the file; the first two megabytes held, of more (the rest in the file); all held.
  it.each([0, 2 * 2 ** 20, 2 ** 30])('give each report the bytes of its published JSON, made once and read back from an unlinked file, %i bytes of texts held in memory', async (heldBytes) => {
    const catalogue = buildCatalogue(catalogueInput(4 * keptReportLimit + 1600), siteUrl);
    const dir = await mkdtemp(path.join(tmpdir(), 'lcr-report-texts-'));
    const texts = openReportTexts(catalogue, dir, heldBytes)!;
    expect(texts).toBeDefined();
    const expected = (index: number) => JSON.stringify(publishedReport(catalogue.reports[index]!, catalogue));
    // Texts enough to fill the two megabytes held and go on into the file.
    expect(catalogue.reports.reduce((sum, _, index) => sum + expected(index).length, 0)).toBeGreaterThan(3 * 2 ** 20);
    const half = catalogue.reports.length >> 1;
    const inOrder = (from: number, to: number) => {
      for (let index = from; index < to; index++) expect(textOf(texts.json(catalogue.reports[index]!))).toBe(expected(index));
    };
    inOrder(0, half);
    // Read back in order, so the reader reads ahead to the end of what is written so far; then more
    // are written after it, which it must read, not take from what it read ahead.
    inOrder(0, half);
    inOrder(half, catalogue.reports.length);
    inOrder(half - 1, catalogue.reports.length);
    // Asked again, in reverse: read back from the scratch file, which no directory lists.
    for (let index = catalogue.reports.length - 1; index >= 0; index--) expect(textOf(texts.json(catalogue.reports[index]!))).toBe(expected(index));
    expect(await readdir(dir)).toEqual([]);
    texts.close();
    expect(textOf(texts.json(catalogue.reports[0]!))).toBe(expected(0));
  });

  it('find a report whether the caller gives its position, a wrong one or none, and after thousands asked for by id', async () => {
    const catalogue = buildCatalogue(syntheticCatalogueInput({ landmarks: 40, reports: 6_000, seed: 9 }), siteUrl);
    const texts = openReportTexts(catalogue, await mkdtemp(path.join(tmpdir(), 'lcr-report-texts-')))!;
    const { reports } = catalogue;
    const expected = (index: number) => JSON.stringify(publishedReport(reports[index]!, catalogue));
    // A scattered order (a stride prime to the count), so that the next report is never the one after the last.
    const scattered = reports.map((_, step) => (step * 2_741) % reports.length);
    const mismatches: number[] = [];
    scattered.forEach((index, step) => {
      const given = step % 3 === 0 ? index : step % 3 === 1 ? (index + 1) % reports.length : undefined;
      if (textOf(texts.json(reports[index]!, given)) !== expected(index)) mismatches.push(index);
    });
    // The same reports, now read back, and a copy of a report (not the catalogue's object) found by its id.
    scattered.forEach((index) => textOf(texts.json(reports[index]!)) !== expected(index) && mismatches.push(index));
    expect(textOf(texts.json({ ...reports[17]! }))).toBe(expected(17));
    expect(mismatches).toEqual([]);
    texts.close();
  });

  it('make every data file byte for byte as JSON.stringify of the records would', async () => {
    const catalogue = buildCatalogue(catalogueInput(), siteUrl);
    expect(catalogue.landmarks.some((landmark) => landmark.reports.length > keptReportLimit)).toBe(true);
    const texts = openReportTexts(catalogue, await mkdtemp(path.join(tmpdir(), 'lcr-report-texts-')))!;
    const withTexts: Catalogue = { ...catalogue, reportJson: texts.json, madeOnce: texts.madeOnce };
    const reportsById = new Map(catalogue.reports.map((report) => [report.id, publishedReport(report, catalogue)]));
    let checked = 0;
    let notAscii = 0;
    for (const file of apiDataFiles(withTexts, 'https://github.com/example/lcr')) {
      const text = dataFileText(file);
      if (typeof file.contents() !== 'string' && /[\u0080-\uffff]/.test(text)) notAscii++;
      // Parsing orders an object's keys as JSON.stringify does: the same text again, or a key
      // misplaced; a keyed-records file line by line.
      expect(text.endsWith('\n'), file.sitePath).toBe(true);
      const lines = file.sitePath.endsWith('.jsonl') ? text.split('\n').slice(0, -1) : [text.slice(0, -1)];
      for (const line of lines) expect(line, file.sitePath).toBe(JSON.stringify(JSON.parse(line)));
      if (/\/_data\/reports\/\d+\.jsonl$/.test(file.sitePath)) {
        for (const [id, report] of Object.entries(allRecordsIn(keyedRecordsOf(new TextEncoder().encode(text))))) expect(report).toEqual(reportsById.get(id));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(notAscii).toBeGreaterThan(0);
    // The same bytes as each file made without kept texts: the nearby index's landmark entries,
    // made for its first level and read back for the two others, included.
    const without = new Map([...apiDataFiles(catalogue, 'https://github.com/example/lcr')].map((file) => [file.sitePath, dataFileText(file)]));
    const nearby = [...apiDataFiles(withTexts, 'https://github.com/example/lcr')].filter((file) => file.sitePath.includes('/nearby/'));
    expect(new Set(nearby.map((file) => file.sitePath.split('/')[3])).size).toBe(3);
    for (const file of apiDataFiles(withTexts, 'https://github.com/example/lcr')) expect(dataFileText(file), file.sitePath).toBe(without.get(file.sitePath));
    // Written as the build writes them, pieces and all: the same text, as UTF-8.
    const site = await mkdtemp(path.join(tmpdir(), 'lcr-report-texts-site-'));
    const files = [...apiDataFiles(withTexts, 'https://github.com/example/lcr')];
    await emitDataFiles(files, site);
    for (const file of files) expect((await readFile(path.join(site, file.sitePath))).toString('utf8'), file.sitePath).toBe(dataFileText(file));
    for (const landmark of catalogue.landmarks) {
      expect(textOf(publishedLandmarkJson(landmark, withTexts))).toBe(JSON.stringify(publishedLandmark(landmark, catalogue)));
      expect(textOf(publishedLandmarkJson(landmark, catalogue))).toBe(JSON.stringify(publishedLandmark(landmark, catalogue)));
    }
    texts.close();
  });
});

describe('JSON joined from texts', () => {
  it('joins an array of texts', () => {
    const items = [{ a: 1 }, 'ü', null];
    expect(textOf(jsonArrayOf(items.map((item) => utf8BytesOf(JSON.stringify(item)))))).toBe(JSON.stringify(items));
    expect(jsonArrayOf([])).toBe('[]');
  });

  it('holds a text as its UTF-8 bytes, one character per byte, as Node writes it', () => {
    // ASCII, Latin-1, other planes (a surrogate pair), a text longer than one slice of the
    // conversion, then shorter ones (encoded where the longer one was) and one longer than the
    // buffer texts share.
    const texts = ['', 'plain ASCII {"a":1}', 'Fermé, Ürgüp', '東京 — “quoted”', 'emoji 🏛️ and 𝄞', `${'é東'.repeat(5000)}end`, 'é', 'Fermé', `${'東'.repeat(6 * 2 ** 20)}é`, 'après'];
    for (const text of texts) {
      expect(utf8BytesOf(text)).toBe(Buffer.from(text, 'utf8').toString('latin1'));
      expect(portableUtf8BytesOf(text)).toBe(utf8BytesOf(text));
      expect(textOf(utf8BytesOf(text))).toBe(text);
      expect(textOfUtf8Bytes(utf8BytesOf(text))).toBe(text);
    }
  });
});
