import { createHash } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvRow } from '../../src/emit/downloads/csv.ts';
import { textPieces } from '../../src/emit/downloads/text-pieces.ts';

const head = csvRow(['id', 'name']);
const rows = Array.from({ length: 40 }, (_, index) => [`rep${index}`, index % 3 ? `Tōdai-ji, "hall" ${index}` : `line\nbreak ${index}`]);

async function piecesOf(maxBytes: number, withHead: boolean, of = rows) {
  const dir = await mkdtemp(path.join(tmpdir(), 'lcr-csv-pieces-'));
  const writer = textPieces('reports.csv', maxBytes, (index) => path.join(dir, `piece-${index}`), withHead ? head : undefined);
  for (const row of of) writer.row(csvRow(row));
  const pieces = writer.finish();
  return Promise.all(pieces.map(async (piece) => ({ ...piece, text: await readFile(piece.file) })));
}

describe("the text pieces made of one NDJSON file's rows", () => {
  it('are cut between rows at the size limit, the header in the first only, and join into the whole text', async () => {
    const pieces = await piecesOf(200, true);
    expect(pieces.length).toBeGreaterThan(5);
    for (const piece of pieces) {
      expect(piece.bytes).toBe(piece.text.length);
      expect(piece.bytes).toBeLessThanOrEqual(200);
      expect(piece.sha256).toBe(createHash('sha256').update(piece.text).digest('hex'));
    }
    expect(Buffer.concat(pieces.map((piece) => piece.text)).toString('utf8')).toBe(head + rows.map((row) => csvRow(row)).join(''));
    expect(pieces[0]!.text.toString('utf8').startsWith(head)).toBe(true);
    for (const piece of pieces.slice(1)) expect(piece.text.toString('utf8')).toMatch(/^rep\d+,/);
  });

  it('are one piece when the rows fit, and the header alone for a table without rows', async () => {
    expect((await piecesOf(1024 ** 2, false)).map((piece) => piece.text.toString('utf8'))).toEqual([rows.map((row) => csvRow(row)).join('')]);
    expect((await piecesOf(1024, true, [])).map((piece) => piece.text.toString('utf8'))).toEqual([head]);
  });

  it("keep a row's bytes and its separator together, and end with the tail", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lcr-text-pieces-'));
    const lines = ['{"id":"a"}', '{"name":"Tōdai-ji"}', '{"id":"c"}'].map((line) => Buffer.from(line));
    const writer = textPieces('everything.json', 24, (index) => path.join(dir, `piece-${index}`), '[\n');
    lines.forEach((line, index) => writer.row(line, index < lines.length - 1 ? ',\n' : '\n'));
    const texts = await Promise.all(writer.finish(']\n').map((piece) => readFile(piece.file, 'utf8')));
    expect(texts).toEqual(['[\n{"id":"a"},\n', '{"name":"Tōdai-ji"},\n', '{"id":"c"}\n]\n']);
    expect(JSON.parse(texts.join(''))).toEqual([{ id: 'a' }, { name: 'Tōdai-ji' }, { id: 'c' }]);
  });

  it('hold rows longer than the chunk they are gathered in, byte for byte', async () => {
    const long = [['rep1', `${'Tōdai-ji '.repeat(40_000)}end`], ['rep2', 'short'], ['rep3', 'x'.repeat(300_000)]];
    const pieces = await piecesOf(1024 ** 2, true, long);
    expect(pieces.map((piece) => piece.bytes)).toEqual(pieces.map((piece) => piece.text.length));
    expect(Buffer.concat(pieces.map((piece) => piece.text)).toString('utf8')).toBe(head + long.map((row) => csvRow(row)).join(''));
  });

  it('refuse a row longer than the limit, saying what to change', async () => {
    await expect(piecesOf(20, false)).rejects.toThrow(/reports\.csv: one record takes \d+ bytes, more than the 20-byte limit.*raise the limit/);
  });
});
