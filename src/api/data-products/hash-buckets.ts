import { bucketRuns } from '../../domain/buckets.ts';
import type { Utf8Bytes } from '../../domain/json-texts.ts';
import { digestBytes, type DigestList } from '../../domain/input-digests.ts';
import { keyedRecordPieces } from './keyed-records.ts';
import { dataFileOf, type DataFile, type LineSource } from './product.ts';

/**
 * The files of one kind of record in hash buckets (`keyAt` -> record; `keyHashes`: fnv1aOf each key),
 * each a keyed-records file (keyed-records.ts: a request parses only the record it asks for), with
 * the input digests of its records; `publishedJson` makes a record's JSON text (given
 * the record and its position) as the file holds it, with its reports' bodies and addresses, only
 * when the file is written, and only for the records whose input digest changed when the build
 * has the file's last lines (LineSource).
 */
export function* bucketFiles<T>(
  records: readonly T[],
  keyAt: (position: number) => string,
  keyHashes: Uint32Array,
  bucketCount: number,
  pathOf: (index: number) => string,
  digests: DigestList | undefined,
  publishedJson: (record: T, position: number) => Utf8Bytes,
): Generator<DataFile> {
  const { positions, ends } = bucketRuns(keyHashes, bucketCount);
  // Every bucket's digests, in the buckets' order, gathered in one call when the first file asks
  // for its own: each file's are then a view of them, not eight thousand gathers of their own.
  let gathered: Uint8Array | undefined;
  for (let index = 0; index < bucketCount; index++) {
    const [start, end] = [index === 0 ? 0 : ends[index - 1]!, ends[index]!];
    const own = digests && (() => (gathered ??= digests.gathered(positions)).subarray(start * digestBytes, end * digestBytes));
    const bucket = (lines?: LineSource) => {
      const entries: [string, Utf8Bytes | readonly Utf8Bytes[]][] = new Array(end - start);
      const inputs = lines && own?.();
      for (let at = start; at < end; at++) {
        const key = keyAt(positions[at]!);
        const make = () => publishedJson(records[positions[at]!]!, positions[at]!);
        const offset = (at - start) * digestBytes;
        entries[at - start] = [key, inputs ? lines!.line(key, inputs.subarray(offset, offset + digestBytes), make) : make()];
      }
      return keyedRecordPieces(entries);
    };
    yield dataFileOf(pathOf(index), bucket, own && (() => [own()]));
  }
}
