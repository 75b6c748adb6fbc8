/**
 * Buffers for files being written, handed back when a file is written and taken again for the
 * next, rather than a new Buffer per file. A build writes thousands of data files, gigabytes in
 * all at a million reports; each new Buffer is memory outside the heap that only a collection of
 * the heap gives back. V8 answers every 64 MB of it with a full collection, or, where a rebuild
 * counts it towards the heap's limit instead (external-memory.ts), lets it pile up: with that
 * setting, a rebuild making every file again grew its process to 2.96 GiB with a Buffer per file,
 * 2.54 GiB with this pool. Each buffer is rounded up to a power of two, so that one fits many files.
 */
export interface BytePool {
  /** A buffer of exactly `length` bytes, a view of one of the pool's; give it back once written. */
  take(length: number): Buffer<ArrayBuffer>;
  give(bytes: Buffer<ArrayBuffer>): void;
}

const smallest = 64 * 1024;
/** Free bytes held at most: past it, a buffer given back is left to the collector, so the pool never holds more than a burst of large files needed. */
const mostFreeBytes = 64 * 2 ** 20;

export function bytePool(): BytePool {
  const free: Buffer<ArrayBuffer>[] = [];
  let freeBytes = 0;
  return {
    take(length) {
      // The smallest free buffer that fits: a small file does not hold a large one away from a large file.
      let best = -1;
      for (let index = 0; index < free.length; index++) {
        const size = free[index]!.length;
        if (size >= length && (best === -1 || size < free[best]!.length)) best = index;
      }
      if (best === -1) return Buffer.allocUnsafe(Math.max(smallest, 2 ** Math.ceil(Math.log2(Math.max(1, length))))).subarray(0, length);
      const whole = free.splice(best, 1)[0]!;
      freeBytes -= whole.length;
      return whole.subarray(0, length);
    },
    give(bytes) {
      // A view `take` handed out: its buffer starts where the pool's does (a Buffer this large has its own memory).
      const whole = Buffer.from(bytes.buffer, 0, bytes.buffer.byteLength);
      if (freeBytes + whole.length > mostFreeBytes) return;
      free.push(whole);
      freeBytes += whole.length;
    },
  };
}
