/**
 * Buffers for files being written, handed back when a file is written and taken again for the
 * next, rather than a new Buffer per file. A build writes thousands of data files, gigabytes in
 * all at a million reports; each new Buffer is memory outside the heap that only a collection of
 * the heap gives back. A rebuild counts that memory towards the heap's limit
 * (external-memory.ts): a catch-up rebuild that made every file again grew its process to 3 GiB
 * with a Buffer per file. The pool holds at most what is in flight at once, each buffer rounded up
 * to a power of two so that one fits many files.
 */
export interface BytePool {
  /** A buffer of exactly `length` bytes, a view of one of the pool's; give it back once written. */
  take(length: number): Buffer<ArrayBuffer>;
  give(bytes: Buffer<ArrayBuffer>): void;
}

const smallest = 64 * 1024;

export function bytePool(): BytePool {
  const free: Buffer<ArrayBuffer>[] = [];
  return {
    take(length) {
      // The smallest free buffer that fits: a small file does not hold a large one away from a large file.
      let best = -1;
      for (let index = 0; index < free.length; index++) {
        const size = free[index]!.length;
        if (size >= length && (best === -1 || size < free[best]!.length)) best = index;
      }
      const whole = best === -1 ? Buffer.allocUnsafe(Math.max(smallest, 2 ** Math.ceil(Math.log2(Math.max(1, length))))) : free.splice(best, 1)[0]!;
      return whole.subarray(0, length);
    },
    give(bytes) {
      // A view `take` handed out: its buffer starts where the pool's does (a Buffer this large has its own memory).
      free.push(Buffer.from(bytes.buffer, 0, bytes.buffer.byteLength));
    },
  };
}
