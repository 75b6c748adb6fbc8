import { open, type FileHandle } from 'node:fs/promises';

/**
 * Reads whole files into `count` buffers taken in turn, each grown when a file needs more, rather
 * than into a new Buffer per file: what one read gives is overwritten `count` reads later. The
 * stores read shards of tens of megabytes while the heap fills with what they hold; a new Buffer
 * per shard counted as memory outside the heap, and V8 answered each few dozen megabytes of it
 * with a full collection of the growing heap. The parse cache's shards brought one after nearly
 * every shard; read alone, the kept catalogue's 32 shards of a million reports took 10 and 26-41 s,
 * with two buffers 4 and 17.6 s. Two let one file be read in Node's thread pool while the one
 * before is deserialised.
 */
export function reusedBufferReads(count: number): (file: string | FileHandle) => Promise<Buffer | undefined> {
  const buffers = Array.from({ length: count }, () => Buffer.alloc(0));
  let turn = 0;
  return async (file) => {
    const which = turn;
    turn = (turn + 1) % count;
    let handle: FileHandle | undefined;
    // A file given open is left open, for its caller to read from again.
    const opened = typeof file === 'string';
    try {
      handle = opened ? await open(file, 'r') : file;
      const { size } = await handle.stat();
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
