import { Worker } from 'node:worker_threads';
import type { PartTable } from './parts-before.ts';

/**
 * The SHA-256 of whole text downloads split into parts, which datapackage.json gives beside each
 * part's: computed in a thread of its own from the parts as written, while this thread goes on with
 * the API data. Hashing them here meant reading every kept part again on a rebuild that linked it
 * unread: at a million reports, 4 GB and 14 s of the build's busy thread. In that thread, they still
 * took 11 s of a one-report rebuild's CPU, most of it while both cores had other work, and its last
 * 3 s were what the build waited for; so a rebuild has the thread read ahead the last build's parts
 * that come before its first change, once git has named the changed files (whole-hash-worker.ts).
 */
export interface WholeHashes {
  /**
   * Has the thread hash, whenever nothing is asked of it, the parts the last build published in
   * `directory` of these downloads, in this order: the order their wholes will be asked for. Given
   * the first report a rebuild changes (firstChangedReport), only the parts before the one that
   * holds it: a whole starts from no later part. Resolves once they are all read or asked for, or
   * the thread stopped (a build need not wait for it).
   */
  readAhead(directory: string, downloads: readonly ReadAheadDownload[], firstChangedReport?: string): Promise<void>;
  /** The SHA-256 (hex) of the files of the download `name` (its file name), joined in order. */
  of(name: string, files: readonly string[]): Promise<string>;
  /** Stops the thread; a hash still asked for is rejected. */
  close(): Promise<void>;
}

/** A download to read ahead: its file name and, for a download of one table, the table (its CSV rows do not name it). */
export interface ReadAheadDownload {
  fileName: string;
  table: PartTable;
}

/** What the thread is sent: where the last build's downloads are, or a whole to hash. */
export type WholeHashMessage = { id: number } & (
  | { lastDirectory: string; downloads: readonly ReadAheadDownload[]; firstChangedReport: string | undefined }
  | { name: string; files: readonly string[] }
);

/** What the thread answers: a whole's SHA-256, why it could not hash it, or that it has read ahead. */
export type WholeHashAnswer = { id: number } & ({ sha256: string } | { error: string } | { readAhead: true });

const stoppedFirst = () => new Error('the downloads were not all hashed: the build stopped first');

/** A thread hashing one request at a time, in the order asked, and reading ahead between them; started with the first request. */
export function startWholeHashes(): WholeHashes {
  let worker: Worker | undefined;
  let nextId = 0;
  const waiting = new Map<number, { resolve(sha256: string): void; reject(error: Error): void }>();
  let closed = false;
  const asked = (message: Omit<WholeHashMessage, 'id'>) => {
    // Asked after close (a read ahead told of changes once the build had failed): no new thread.
    if (closed) return Promise.reject(stoppedFirst());
    const id = nextId++;
    const answered = new Promise<string>((resolve, reject) => waiting.set(id, { resolve, reject }));
    started().postMessage({ id, ...message } as WholeHashMessage);
    // A build that fails meanwhile closes this and never awaits the answer: that is no unhandled error.
    answered.catch(() => {});
    return answered;
  };
  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  const started = () => {
    if (worker) return worker;
    worker = new Worker(new URL('./whole-hash-worker.ts', import.meta.url));
    worker.on('message', (answer: WholeHashAnswer) => {
      const request = waiting.get(answer.id);
      waiting.delete(answer.id);
      if ('error' in answer) request?.reject(new Error(answer.error));
      else request?.resolve('sha256' in answer ? answer.sha256 : ''); // a read ahead has nothing to say but that it is done
    });
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`the thread hashing the downloads stopped early (exit code ${code})`)));
    return worker;
  };
  return {
    // Reading ahead only makes the hashes asked for later faster: it never fails.
    readAhead: (lastDirectory, downloads, firstChangedReport) => asked({ lastDirectory, downloads, firstChangedReport }).then(
      () => {},
      () => {},
    ),
    of: (name, files) => asked({ name, files }),
    async close() {
      closed = true;
      const stopping = worker;
      worker = undefined;
      if (stopping) {
        stopping.removeAllListeners('exit');
        await stopping.terminate();
      }
      failAll(stoppedFirst());
    },
  };
}
