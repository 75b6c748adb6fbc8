import { digestBytes } from '../../domain/input-digests.ts';

/**
 * Where each row of a run of a text download lies in the run's text, with the input digest it was
 * made from: kept beside the run's pieces, so that when some rows of a run change, the next build
 * copies the other rows' texts from the last build's pieces instead of making them again. Making a
 * report's text reads its body from its file: with a million reports, a hundred changed reports
 * touch nearly every run of 8,192 rows, and making those runs whole took minutes.
 *
 * A row's text depends only on its record (the input digest's promise, under the same code) and
 * on whether it is the last row of its section (JSON's last element takes no comma), so a section's
 * last row is never copied, nor copied from.
 *
 * The layout, little-endian: the bytes before the first row (the section's head, in its first run),
 * the count of rows, then per row its digest and the length of its text (`notCopyable` for a last
 * row).
 */

const notCopyable = 0xffffffff;
const rowBytes = digestBytes + 4;

/** The layout of a run's text, to keep with its pieces. `lengths[i]` is row `i`'s; `digests` are the rows' as one range (DigestList.range). */
export function runLayout(headBytes: number, digests: Uint8Array, lengths: Uint32Array, lastRowOfSection: number | undefined): Uint8Array {
  const layout = Buffer.alloc(8 + lengths.length * rowBytes);
  layout.writeUInt32LE(headBytes, 0);
  layout.writeUInt32LE(lengths.length, 4);
  for (let row = 0; row < lengths.length; row++) {
    const at = 8 + row * rowBytes;
    layout.set(digests.subarray(row * digestBytes, (row + 1) * digestBytes), at);
    layout.writeUInt32LE(row === lastRowOfSection ? notCopyable : lengths[row]!, at + digestBytes);
  }
  return layout;
}

/** The texts of the last build's run, by digest. */
export interface LastRun {
  /** The bytes of the row made from `digest` in the last build's run (a view of the run's bytes), or undefined. */
  rowText(digest: Uint8Array): Uint8Array | undefined;
}

/**
 * The rows of the last build's run from its layout and its bytes (its pieces joined); undefined
 * when they do not fit together, which only a bug can cause: the store checks the bytes of both.
 */
export function lastRunOf(layout: Uint8Array, text: Uint8Array): LastRun | undefined {
  const bytes = Buffer.from(layout.buffer, layout.byteOffset, layout.byteLength);
  if (bytes.length < 8) return undefined;
  const count = bytes.readUInt32LE(4);
  if (bytes.length !== 8 + count * rowBytes) return undefined;
  const rows = new Map<string, [number, number]>();
  let offset = bytes.readUInt32LE(0);
  for (let row = 0; row < count; row++) {
    const at = 8 + row * rowBytes;
    const length = bytes.readUInt32LE(at + digestBytes);
    // The last row of the section ends the run: nothing after it is read.
    if (length === notCopyable) break;
    rows.set(bytes.toString('latin1', at, at + digestBytes), [offset, offset + length]);
    offset += length;
  }
  if (offset > text.length) return undefined;
  return {
    rowText(digest) {
      const found = rows.get(Buffer.from(digest.buffer, digest.byteOffset, digest.byteLength).toString('latin1'));
      return found ? text.subarray(found[0], found[1]) : undefined;
    },
  };
}
