import { open, type FileHandle } from 'node:fs/promises';

/**
 * Reads whole files (or their first bytes) into `count` buffers taken in turn, each grown when a
 * file needs more, rather than into a new Buffer per file: what one read gives is overwritten
 * `count` reads later. The stores read shards of tens of megabytes while the heap fills with what
 * they hold; a new Buffer per shard counted as memory outside the heap, and V8 answered each few
 * dozen megabytes of it with a full collection of the growing heap. The parse cache's shards
 * brought one after nearly every shard; read alone, the kept catalogue's 32 shards of a million
 * reports took 10 and 26-41 s, with two buffers 4 and 17.6 s. Two let one file be read in Node's
 * thread pool while the one before is deserialised.
 */
export function reusedBufferReads(count: number): (file: string | FileHandle, atMost?: number) => Promise<Buffer | undefined> {
  const buffers = Array.from({ length: count }, () => Buffer.alloc(0));
  let turn = 0;
  return async (file, atMost = Infinity) => {
    const which = turn;
    turn = (turn + 1) % count;
    let handle: FileHandle | undefined;
    // A file given open is left open, for its caller to read from again.
    const opened = typeof file === 'string';
    try {
      handle = opened ? await open(file, 'r') : file;
      // The first `atMost` bytes, when given.
      const size = Math.min((await handle.stat()).size, atMost);
      // A quarter more than asked for: shards grow a little with each rebuild.
      if (buffers[which]!.byteLength < size) buffers[which] = Buffer.allocUnsafe(Math.ceil(size * 1.25));
      const buffer = buffers[which]!;
      let filled = 0;
      while (filled < size) {
        const { bytesRead } = await handle.read(buffer, filled, size - filled, filled);
        if (bytesRead === 0) break; // the file shrank meanwhile: its digest no longer matches
        filled += bytesRead;
      }
      return buffer.subarray(0, filled);
    } catch {
      return undefined; // missing or unreadable
    } finally {
      if (opened) await handle?.close();
    }
  };
}

/** The typed arrays a kept file's record holds, each copied as its own type. */
export type KeptArray = Uint8Array | Int32Array | Uint32Array | Float64Array;

/**
 * Copies of bytes and typed arrays that must outlive the buffer they were read into (a shard's
 * texts and columns, read into a buffer that is read into again two shards later), made into one
 * buffer of `bytes` allocated at once, each a view of it. V8 starts marking the whole heap for every
 * 64 MB of memory outside it allocated since its last full collection: a buffer per column and per
 * shard, about 110 MB at a million reports beside the texts, set off two or three such collections
 * of a heap growing to 250-290 MB while the kept catalogue was read and joined, and every copy here
 * lives as long as the catalogue, so none of them freed anything. One allocation, made before the
 * heap grows, is collected for once. Past `bytes`, a copy is a buffer of its own.
 */
export class CopiesInOneBuffer {
  readonly #buffer: Buffer;
  #used = 0;
  constructor(bytes: number) {
    this.#buffer = Buffer.allocUnsafe(bytes);
  }
  /** A copy of `bytes`, as a Buffer. */
  bytes(bytes: Uint8Array): Buffer {
    const start = this.#take(bytes.byteLength, 1);
    if (start === undefined) return Buffer.from(bytes);
    const copy = this.#buffer.subarray(start, start + bytes.byteLength);
    copy.set(bytes);
    return copy;
  }
  /** A copy of `array`, of its type: aligned in the buffer to its elements' size, as a typed array's view must be. */
  typed<T extends KeptArray>(array: T): T {
    const start = this.#take(array.byteLength, array.BYTES_PER_ELEMENT);
    if (start === undefined) return array.slice() as T;
    const copy = new (array.constructor as new (buffer: ArrayBufferLike, byteOffset: number, length: number) => T)(this.#buffer.buffer, this.#buffer.byteOffset + start, array.length);
    copy.set(array as never);
    return copy;
  }
  /** Where the next copy of `length` bytes starts, aligned to `alignment`; undefined when it no longer fits. */
  #take(length: number, alignment: number): number | undefined {
    const start = Math.ceil((this.#buffer.byteOffset + this.#used) / alignment) * alignment - this.#buffer.byteOffset;
    if (start + length > this.#buffer.byteLength) return undefined;
    this.#used = start + length;
    return start;
  }
}

/**
 * A buffer written from its start again and again (for each shard of a store), grown to what the
 * largest needs. A cold build saves the kept catalogue's shards while it holds a million reports:
 * a string per report, joined and copied into a new buffer per shard, were garbage for the
 * collector of that heap, and the buffers memory outside it, which V8 answers with full collections.
 */
export class ReusedBuffer {
  #buffer = Buffer.allocUnsafe(1024 * 1024);
  #end = 0;
  /** Starts writing again from the start. */
  empty(): void {
    this.#end = 0;
  }
  /**
   * Appends `text` in `encoding` ('latin1': one byte per character, for bytes kept as such), and
   * says where it ends; it is the `written`th text of `count` to write, to size the buffer.
   */
  write(text: string, encoding: 'utf8' | 'utf16le' | 'latin1', written: number, count: number): number {
    // At most three bytes per UTF-16 code unit in UTF-8, two in UTF-16, one per character of bytes kept as such.
    const most = text.length * (encoding === 'utf8' ? 3 : encoding === 'utf16le' ? 2 : 1);
    if (this.#end + most > this.#buffer.length) {
      // Grown to what the texts so far say all `count` need, with a quarter to spare, not by
      // doubling: a rebuild saves one shard, and each step was memory outside the heap again.
      const expected = Math.ceil(((this.#end + most) / (written + 1)) * count * 1.25);
      const grown = Buffer.allocUnsafe(Math.max(2 * this.#buffer.length, this.#end + most, expected));
      this.#buffer.copy(grown, 0, 0, this.#end);
      this.#buffer = grown;
    }
    this.#end += this.#buffer.write(text, this.#end, encoding);
    return this.#end;
  }
  /** What was written since it was emptied: written over once it is emptied again. */
  bytes(): Uint8Array {
    return this.#buffer.subarray(0, this.#end);
  }
}
