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

/**
 * Copies of bytes that must outlive the buffer they were read into, about `expected` of them,
 * made into one buffer sized at the first copy for all of them rather than a Buffer each: as for
 * the reads above, each Buffer is memory outside the heap, and V8 answers each few dozen megabytes
 * of it with a full collection of a heap that grows meanwhile. One allocation, made while the heap
 * is still small, is collected for once. Past what it holds, another is made for the copies left.
 */
export function copiesInOneBuffer(expected: number): (bytes: Uint8Array) => Buffer {
  let buffer = Buffer.alloc(0);
  let used = 0;
  let made = 0;
  return (bytes) => {
    if (used + bytes.byteLength > buffer.byteLength) {
      // The copies still to come, each taken as large as this one, with a quarter to spare.
      const left = Math.max(1, expected - made);
      buffer = Buffer.allocUnsafe(Math.max(bytes.byteLength, Math.ceil(bytes.byteLength * left * 1.25)));
      used = 0;
    }
    const copy = buffer.subarray(used, used + bytes.byteLength);
    copy.set(bytes);
    used += bytes.byteLength;
    made++;
    return copy;
  };
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
