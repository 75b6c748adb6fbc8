/** What Buffer.allocUnsafe gives: its typing has the writers the data files are made with (`latin1Write`). */
type WriteBuffer = ReturnType<typeof Buffer.allocUnsafe>;

/**
 * Buffers the data files are written from, given back once a file is written and taken again by a
 * later file that fits, rather than one allocated per file.
 *
 * V8 counts a buffer's memory as outside its heap, and answers every 64 MB of such memory
 * allocated since its last full collection by starting another. A cold build at a million reports
 * writes 4.7 GB of data files: with a buffer for each, a traced build went through 45 full
 * collections of its 700-800 MB heap while it wrote them, and the data files took 122 s of an
 * untraced one; with the buffers used again, 66 s (docs/performance-history.md, "Data files
 * written from buffers used again"). They now allocate about what is in flight at once
 * (emit-api-data.ts bounds that), once.
 */
export class WriteBuffers {
  /** Buffers given back and not taken again; at most `#mostKeptBytes` of them in all. */
  readonly #free: WriteBuffer[] = [];
  #freeBytes = 0;
  readonly #mostKeptBytes: number;

  constructor(mostKeptBytes: number) {
    this.#mostKeptBytes = mostKeptBytes;
  }

  /** A buffer of exactly `length` bytes: part of the smallest one given back that is large enough, or of a new one. */
  take(length: number): WriteBuffer {
    let best = -1;
    this.#free.forEach((buffer, index) => {
      if (buffer.byteLength >= length && (best === -1 || buffer.byteLength < this.#free[best]!.byteLength)) best = index;
    });
    // Of its own memory (not Node's shared pool): given back, its whole memory is taken again.
    if (best === -1) return (Buffer.allocUnsafeSlow(sizeFor(length)) as WriteBuffer).subarray(0, length);
    const [buffer] = this.#free.splice(best, 1);
    this.#freeBytes -= buffer!.byteLength;
    return buffer!.subarray(0, length);
  }

  /** Gives back a buffer `take` gave, once nothing reads it; past the bound, it is left to the collector. */
  give(taken: WriteBuffer): void {
    const whole = Buffer.from(taken.buffer) as WriteBuffer;
    if (this.#freeBytes + whole.byteLength > this.#mostKeptBytes) return;
    this.#free.push(whole);
    this.#freeBytes += whole.byteLength;
  }
}

/** Sizes in powers of two from 64 KiB, so that a buffer given back fits the many files of about its size. */
const sizeFor = (length: number): number => Math.max(64 * 1024, 2 ** Math.ceil(Math.log2(Math.max(1, length))));
