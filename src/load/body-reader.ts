import { closeSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { openScratchFile, sortedPosition, textReader } from '../kept/scratch-file.ts';
import type { ReportBodies } from '../domain/catalogue.ts';
import { reportFileOf } from './report-bodies.ts';

/** What the reader needs of a report: where its file is. */
type ReportPlace = Parameters<ReportBodies>[0];

/**
 * Report bodies read ahead from their content files by a thread of their own, for a build whose
 * reports came from the parse cache (the first build after `npm run validate`, each pull request's
 * build job): no parse worker read their files, so each body was read from its file by the build's
 * thread when the first download publishing it was written, 18-22 us a file here, while the other
 * core sat idle. The thread reads them in the order the downloads ask for them (the catalogue's,
 * by id), writes them into a scratch file (src/kept/scratch-file.ts) and marks each as written in
 * memory both threads share; the build's thread then reads them from the scratch file, many in one
 * read. A body not yet written when asked for is read from its file, as without the thread, and
 * the thread goes on well ahead of it (body-reader-worker.ts).
 */

/** What the build's thread and the reading thread share: where each body is, and how far the build has asked. */
export interface SharedBodyPlaces {
  /** Where each report's body starts in the scratch file, by its index in the catalogue's reports. */
  starts: SharedArrayBuffer;
  /** Its length in bytes plus one, once written; 0 until then. */
  lengths: SharedArrayBuffer;
  /** One 32-bit integer: the last index the build's thread, asking in order, read from its file (none yet: -1). */
  asked: SharedArrayBuffer;
}

/** What the reading thread is given: where the content is, each report's file in order, and its scratch file. */
export interface BodyReaderJob extends SharedBodyPlaces {
  root: string;
  /** The report files relative to the root, a line each, in the catalogue's order. */
  files: string;
  descriptor: number;
  /** How far past the build's thread to go on once it catches up (bodiesLeftBehind), and how near it may come to a batch not yet written (nearBatch). */
  lead: number;
  near: number;
}

/**
 * How many bodies past the one the build's thread last read from its file the reading thread goes
 * on, once the build's thread has caught up with it. Going on with the next body, the two threads
 * raced for the same bodies, the reading thread's batch not yet written when the build's thread
 * asked: in rebuilds at 100k / 1M that made every file again, the build's thread read 109,000 to
 * 222,000 of the million bodies from their files itself (70,000 to 179,000, and 8,800, with this).
 * Ahead, the reading thread reads while the build's thread reads the bodies in between.
 */
export const bodiesLeftBehind = 1000;

/**
 * How close the build's thread may come, in bodies it read from their files, to the first body of
 * the reading thread's batch before the batch is written: written only once full, its bodies would
 * be read from their files too.
 */
const nearBatch = 100;

export interface BodyReader {
  /** The bodies of the catalogue's reports: from the scratch file once written, from `otherwise` before. */
  bodies: ReportBodies;
  /** Stops the thread, then closes the scratch file; bodies are read from `otherwise` from now on. */
  close(): void;
  /** How many bodies the thread wrote, once it has read them all (or failed, or was stopped: then 0). */
  readonly readAhead: Promise<number>;
}

/** Below this many reports, a thread costs more to start than it saves. */
export const reportsWorthReadingAhead = 2000;

/**
 * Starts reading the bodies of `reports` (the catalogue's, in its order) under `root`, into a
 * scratch file in `dir`; undefined when there are too few to be worth it or no scratch file can be
 * opened (then every body is read from `otherwise`).
 */
export function readBodiesAhead(root: string, reports: readonly ReportPlace[], dir: string, otherwise: ReportBodies): BodyReader | undefined {
  if (reports.length < reportsWorthReadingAhead) return undefined;
  let descriptor: number;
  try {
    descriptor = openScratchFile(dir, 'bodies-read-ahead');
  } catch {
    return undefined; // only a faster build depends on it
  }
  const places: SharedBodyPlaces = {
    starts: new SharedArrayBuffer(reports.length * Float64Array.BYTES_PER_ELEMENT),
    lengths: new SharedArrayBuffer(reports.length * Int32Array.BYTES_PER_ELEMENT),
    asked: new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT),
  };
  const starts = new Float64Array(places.starts);
  const lengths = new Int32Array(places.lengths);
  const asked = new Int32Array(places.asked);
  Atomics.store(asked, 0, -1);
  const files = reports.map(reportFileOf).join('\n');
  const job: BodyReaderJob = { root, files, descriptor, ...places, lead: bodiesLeftBehind, near: nearBatch };
  const worker = new Worker(new URL('./body-reader-worker.ts', import.meta.url), { workerData: job });
  // The build never waits for it: a thread that fails leaves its bodies to be read from their files.
  worker.unref();
  const readAhead = new Promise<number>((resolve) => {
    worker.once('message', resolve);
    worker.once('error', () => resolve(0));
    worker.once('exit', () => resolve(0));
  });
  const readText = textReader('utf8');
  let open = true;
  let last = -1;
  const idAt = (index: number) => reports[index]!.id;
  return {
    readAhead,
    bodies: (report) => {
      if (!open) return otherwise(report);
      // Asked for in the catalogue's order, mostly: the one after the last, or found by id.
      const index = reports[last + 1] === report ? last + 1 : reports[last] === report ? last : sortedPosition(reports.length, idAt, report.id);
      if (index === -1 || reports[index]!.landmark.slug !== report.landmark.slug) return otherwise(report);
      const next = index === last + 1;
      last = index;
      const length = Atomics.load(lengths, index);
      if (length > 0) return readText(descriptor, starts[index]!, length - 1, `the body of the report ${report.id}, read ahead`);
      // Asked for in order and not written yet: this thread has caught up, and the other skips what this one reads.
      if (next && index > Atomics.load(asked, 0)) Atomics.store(asked, 0, index);
      return otherwise(report);
    },
    close() {
      if (!open) return;
      open = false;
      // Closed once the thread has stopped: a descriptor closed under it could be given to a file
      // this process opens next, which the thread would then write into.
      void worker.terminate().finally(() => closeSync(descriptor));
    },
  };
}
