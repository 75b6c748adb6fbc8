import { bucketPositions } from '../../domain/buckets.ts';
import { jsonObjectPieces, type Utf8Bytes } from '../../domain/json-texts.ts';
import type { DigestList } from '../../domain/input-digests.ts';
import { jsonDataFile, type DataFile } from './product.ts';

/**
 * The files of one kind of record in hash buckets (`keyAt` -> record; `keyHashes`: fnv1aOf each key),
 * each with the input digests of its records; `publishedJson` makes a record's JSON text (given
 * the record and its position) as the file holds it, with its reports' bodies and addresses, only
 * when the file is written.
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
  for (const [index, positions] of bucketPositions(keyHashes, bucketCount).entries()) {
    const bucket = () => jsonObjectPieces(positions.map((position) => [keyAt(position), publishedJson(records[position]!, position)]));
    yield jsonDataFile(pathOf(index), bucket, digests && (() => [digests.gathered(positions)]));
  }
}

/** The record under `key` in a bucket file, never one of Object's own properties. */
export const recordIn = <T>(bucket: Record<string, T>, key: string): T | undefined => (Object.hasOwn(bucket, key) ? bucket[key] : undefined);
