/**
 * JSON texts joined into the text of a larger value: the files that publish reports are made from
 * each report's text, made once per build (publishedReportJson), rather than from its record.
 *
 * These texts are held as their UTF-8 bytes, one character per byte (what Node calls "latin1"),
 * and written as such. Joined as text, one report in ten with a character outside Latin-1 made a
 * whole file's string two bytes per character, and encoding it to UTF-8 took longer than joining
 * it: 1.3 s against 0.35 s per 120 MB of reports, measured. Held as bytes, a file is written by
 * copying them. ASCII (every key, slug, id and bracket) reads the same either way, so texts join
 * with ASCII literals as they are; anything else goes through utf8BytesOf first.
 */

declare const utf8BytesBrand: unique symbol;

/** A text's UTF-8 bytes, one character per byte; the type keeps it apart from the text itself. */
export type Utf8Bytes = string & { readonly [utf8BytesBrand]: true };

const ascii = /^[^\u0080-\uffff]*$/;
const encoder = new TextEncoder();
/** What the build uses of Node's Buffer (the Worker has none). */
interface NodeBuffer {
  readonly length: number;
  write(text: string, offset: number, encoding: 'utf8'): number;
  toString(encoding: 'latin1', start?: number, end?: number): string;
}

/**
 * Node's Buffer where there is one (the build): it converts four times as fast as the portable
 * way below, which the Worker, without it, would use.
 */
const nodeBuffer = (globalThis as { Buffer?: { allocUnsafeSlow(size: number): NodeBuffer; from(text: string, encoding: 'utf8'): NodeBuffer } }).Buffer;

/**
 * The one buffer texts are encoded into, grown to fit the longest so far (three bytes per UTF-16
 * unit at most), up to `mostScratchBytes`; a longer text gets a buffer of its own, of its size. A
 * buffer per text is memory outside V8's heap, which V8 answers, every 64 MB of it since its last
 * full collection, by marking the whole heap again: the texts with a character beyond ASCII made
 * 84 MB of them per 100,000 reports in a cold build, a full collection of the catalogue's heap for
 * about every 76,000 reports (docs/performance.md, "Memory outside the heap").
 */
let scratch: NodeBuffer | undefined;
const mostScratchBytes = 16 * 2 ** 20;

/** The UTF-8 bytes of `text`, one character per byte; an ASCII text is its own. */
export function utf8BytesOf(text: string): Utf8Bytes {
  if (ascii.test(text)) return text as Utf8Bytes;
  if (!nodeBuffer) return portableUtf8BytesOf(text);
  const most = text.length * 3;
  if (most > mostScratchBytes) return nodeBuffer.from(text, 'utf8').toString('latin1') as Utf8Bytes;
  if (!scratch || scratch.length < most) scratch = nodeBuffer.allocUnsafeSlow(Math.max(most, 64 * 1024));
  return scratch.toString('latin1', 0, scratch.write(text, 0, 'utf8')) as Utf8Bytes;
}

/** A value's JSON text as UTF-8 bytes, one character per byte. */
export const jsonBytesOf = (value: unknown): Utf8Bytes => utf8BytesOf(JSON.stringify(value));

/** utf8BytesOf without Buffer, as the Worker runs it. */
export function portableUtf8BytesOf(text: string): Utf8Bytes {
  const bytes = encoder.encode(text);
  let joined = '';
  // In slices: a spread or `apply` of a whole large array overflows the stack.
  for (let start = 0; start < bytes.length; start += 8192) joined += String.fromCharCode.apply(null, bytes.subarray(start, start + 8192) as unknown as number[]);
  return joined as Utf8Bytes;
}

/** The text these UTF-8 bytes hold: for readers of a file's contents rather than writers. */
export function textOfUtf8Bytes(bytes: Utf8Bytes): string {
  if (ascii.test(bytes)) return bytes;
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes, (character) => character.charCodeAt(0)));
}

/** The JSON text of an array of these texts. */
export const jsonArrayOf = (items: readonly Utf8Bytes[]): Utf8Bytes => jsonArrayPieces(items).join('') as Utf8Bytes;

/**
 * jsonArrayOf's text in pieces, to be written one after another (emit-api-data.ts): a file joined
 * into one string of hundreds of kilobytes is an object the collector frees only in a full
 * collection, and a cold build at a million reports makes a few gigabytes of them.
 */
export function jsonArrayPieces(items: readonly Utf8Bytes[]): Utf8Bytes[] {
  const pieces: Utf8Bytes[] = ['[' as Utf8Bytes];
  items.forEach((item, index) => pieces.push((index === 0 ? item : `,${item}`) as Utf8Bytes));
  pieces.push(']' as Utf8Bytes);
  return pieces;
}

