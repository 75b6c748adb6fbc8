import { Worker } from 'node:worker_threads';

/**
 * The SHA-256 of whole downloads split into parts, which datapackage.json gives beside each part's:
 * computed in a thread of its own from the parts as written, while this thread goes on with the API
 * data (the database's, from the file it is cut from, while the thread making it cuts it). Hashing
 * them here meant reading every kept part again on a rebuild that linked it unread: at a million
 * reports, 4 GB and 14 s of the build's busy thread.
 */
export interface WholeHashes {
  /** The SHA-256 (hex) of these files joined in order. */
  of(files: readonly string[]): Promise<string>;
  /** Stops the thread; a hash still asked for is rejected. */
  close(): Promise<void>;
}

/** A thread hashing one request at a time, in the order asked; started with the first request. */
export function startWholeHashes(): WholeHashes {
  let worker: Worker | undefined;
  let nextId = 0;
  const waiting = new Map<number, { resolve(sha256: string): void; reject(error: Error): void }>();
  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  const started = () => {
    if (worker) return worker;
    worker = new Worker(new URL('./whole-hash-worker.ts', import.meta.url));
    worker.on('message', ({ id, sha256, error }: { id: number; sha256?: string; error?: string }) => {
      const request = waiting.get(id);
      waiting.delete(id);
      if (sha256 !== undefined) request?.resolve(sha256);
      else request?.reject(new Error(error));
    });
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`the thread hashing the downloads stopped early (exit code ${code})`)));
    return worker;
  };
  return {
    of(files) {
      const id = nextId++;
      const hashed = new Promise<string>((resolve, reject) => waiting.set(id, { resolve, reject }));
      started().postMessage({ id, files });
      // A build that fails meanwhile closes this and never awaits the hash: that is no unhandled error.
      hashed.catch(() => {});
      return hashed;
    },
    async close() {
      const stopping = worker;
      worker = undefined;
      if (stopping) {
        stopping.removeAllListeners('exit');
        await stopping.terminate();
      }
      failAll(new Error('the downloads were not all hashed: the build stopped first'));
    },
  };
}
