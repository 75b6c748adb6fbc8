import { describe, expect, it } from 'vitest';
import { allRecordsIn, keyedRecordPieces, keyedRecordsOf, KeyedRecordsDamaged, keyedValuePieces, recordIn } from '../../src/api/data-products/keyed-records.ts';
import { jsonArrayPieces, jsonBytesOf, textOfUtf8Bytes, type Utf8Bytes } from '../../src/domain/json-texts.ts';

const encoder = new TextEncoder();
// Keys as slugs, ids and cells are; one an array index, one a property every object has.
const entries: [string, unknown][] = [
  ['eiffel-tower', { name: 'Tour Eiffel', note: 'line one\nline two' }],
  ['42', [1, 'ü', null]],
  ['constructor', 'a string'],
  ['2/120/88', { name: '東京タワー', emoji: '🗼' }],
];
/** The file's text, as the build writes it from the pieces. */
const keyedRecordText = (records: readonly (readonly [string, unknown])[]) => textOfUtf8Bytes(keyedValuePieces(records).join('') as Utf8Bytes);

describe('a keyed-records file', () => {
  it('gives back each record by its key', () => {
    const text = keyedRecordText(entries);
    const bytes = encoder.encode(text);
    const records = keyedRecordsOf(bytes);
    expect(records.keys).toEqual(entries.map(([key]) => key));
    for (const [key, value] of entries) expect(recordIn(records, key)).toEqual(value);
    expect(allRecordsIn(records)).toEqual(Object.fromEntries(entries));
    // Each line is JSON, as JSON Lines tools read it: the keys, then each record.
    expect(text.split('\n').slice(0, -1).map((line) => JSON.parse(line) as unknown)).toEqual([entries.map(([key]) => key), ...entries.map(([, value]) => value)]);
  });

  it('is the same file whether a record is given whole or in pieces', () => {
    // As the nearby index gives each cell: its landmarks' texts, joined as a JSON array in pieces.
    const cells: [string, unknown[]][] = [['0/1/2', [{ a: 'é' }, 2, 'x']], ['0/1/3', []], ['1/7/9', [['東京', null]]]];
    const whole = keyedRecordPieces(cells.map(([key, items]) => [key, jsonBytesOf(items)]));
    const inPieces = keyedRecordPieces(cells.map(([key, items]) => [key, jsonArrayPieces(items.map((item) => jsonBytesOf(item)))]));
    expect(inPieces.length).toBeGreaterThan(whole.length);
    expect(inPieces.join('')).toBe(whole.join(''));
    expect(allRecordsIn(keyedRecordsOf(encoder.encode(textOfUtf8Bytes(inPieces.join('') as Utf8Bytes))))).toEqual(Object.fromEntries(cells));
  });

  it('holds nothing under a key it lacks, whatever objects inherit', () => {
    const records = keyedRecordsOf(encoder.encode(keyedRecordText(entries)));
    for (const key of ['toString', '__proto__', 'hasOwnProperty', 'eiffel', '']) expect(recordIn(records, key)).toBeUndefined();
    expect(allRecordsIn(keyedRecordsOf(encoder.encode(keyedRecordText([]))))).toEqual({});
  });

  it('is refused when it is not whole, saying how', () => {
    const bytes = encoder.encode(keyedRecordText(entries));
    const damaged = (cut: Uint8Array) => () => keyedRecordsOf(cut);
    expect(damaged(bytes.subarray(0, bytes.length - 1))).toThrow(/holds 3 of its 4 records \(\d+ bytes: truncated\?\)/);
    expect(damaged(bytes.subarray(0, 10))).toThrow(/has no line of keys \(10 bytes\)/);
    expect(damaged(encoder.encode('{"eiffel-tower":{}}\n'))).toThrow(/does not begin with an array of keys/);
    expect(damaged(encoder.encode('<html>not found</html>\n'))).toThrow(KeyedRecordsDamaged);
    expect(damaged(encoder.encode(`${keyedRecordText(entries)}{"one":"more"}\n`))).toThrow(/holds more than its 4 records/);
    // A record's line cut short is found when that record is asked for, not before.
    const broken = encoder.encode(keyedRecordText(entries).replace('"a string"', '"a str'));
    const records = keyedRecordsOf(broken);
    expect(recordIn(records, 'eiffel-tower')).toEqual(entries[0]![1]);
    expect(() => recordIn(records, 'constructor')).toThrow(/holds no JSON for the record of "constructor"/);
  });
});
