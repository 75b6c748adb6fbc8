import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { blobIdOf } from './blob-ids.ts';
import { openBodySpool, type BodySpool, type SpooledBody } from './body-spool.ts';
import type { FileOutcome } from './check-content-file.ts';
import type { ParseCache } from '../kept/parse-cache.ts';
import { readAndCheck, type CheckedFile } from './read-and-check.ts';
import { recordValueSharing } from './shared-record-values.ts';

/** Below this many files to parse, starting worker threads costs more than it saves. */
const filesWorthThreads = 2000;
/** Files per message to a worker: large enough to amortise messaging, small enough to balance load. */
const batchSize = 500;
/**
 * Each parse worker's young generation, in MB. What a worker keeps is a batch's outcomes until it
 * posts them; the rest of what parsing makes is garbage at once. Left to V8, the young generation
 * grew larger than that needs, and each page of it first touched is a page fault (about 19 us on
 * the machine measured): parsing 110,000 files touched 184,000-198,000 pages and peaked at 801 MB
 * of memory, against 140,000-144,000 pages and 585 MB with 32 MB (docs/performance-history.md).
 */
const workerYoungGenerationMb = 32;

export interface ParseOptions {
  /**
   * The blob id of each file (in the order given) that git knows unchanged since it was committed,
   * to look up without reading it. A list rather than git's map by path, which was held until
   * every file was parsed: 21 MB of the load's peak at 100k files.
   */
  knownBlobIds?: readonly (string | undefined)[];
  /** Outcomes kept by an earlier run, taken as the cache gives them (the loader opens it with `share`). */
  cache?: ParseCache<FileOutcome>;
  /** Gives an outcome parsed here the values records share (shared-record-values.ts); its own table unless given. */
  share?: (outcome: FileOutcome) => FileOutcome;
  /**
   * A folder for the scratch files of a body spool (body-spool.ts): when the files are parsed in
   * worker threads, these write the reports' bodies there as they parse them.
   */
  bodySpoolDir?: string;
}

export interface ParsedFiles {
  /** One per file, in the order given. */
  outcomes: FileOutcome[];
  /** Each file's blob id, when known (always, with a cache); kept apart so the cache does not store it twice. */
  blobIds: (string | undefined)[];
  /** The bodies of the reports parsed in worker threads, when asked for (bodySpoolDir); the caller closes it. */
  bodySpool?: BodySpool;
}

/**
 * Checks each file on its own, in the order given: from the parse cache when its bytes are known,
 * otherwise read and parsed, across all the machine's cores when there are many.
 */
export async function parseContentFiles(root: string, files: readonly string[], { knownBlobIds, cache, share = recordValueSharing(), bodySpoolDir }: ParseOptions = {}): Promise<ParsedFiles> {
  const outcomes: FileOutcome[] = new Array(files.length);
  const blobIds: (string | undefined)[] = new Array(files.length);
  const toParse: number[] = [];
  files.forEach((file, index) => {
    // Without git's id, a file is read and hashed here (far cheaper than parsing it), but only
    // when the cache holds anything it could match.
    const blobId = knownBlobIds?.[index] ?? (cache?.isEmpty === false ? blobIdOfFile(root, file) : undefined);
    const cached = blobId !== undefined ? cache?.get(blobId, file) : undefined;
    blobIds[index] = blobId;
    if (cached) outcomes[index] = cached;
    else toParse.push(index);
  });

  const threads = Math.min(availableParallelism(), Math.ceil(toParse.length / batchSize));
  const inWorkers = toParse.length >= filesWorthThreads && threads > 1;
  const bodySpool = inWorkers && bodySpoolDir !== undefined ? spoolIfPossible(bodySpoolDir, threads) : undefined;
  let checked: CheckedFile[];
  try {
    checked = inWorkers
      ? await checkInWorkers(root, toParse.map((index) => files[index]!), threads, share, bodySpool)
      : toParse.map((index) => {
          const { outcome, blobId } = readAndCheck(root, files[index]!);
          return { outcome: share(outcome), blobId };
        });
  } catch (error) {
    bodySpool?.close();
    throw error;
  }
  checked.forEach(({ outcome, blobId }, position) => {
    outcomes[toParse[position]!] = outcome;
    blobIds[toParse[position]!] = blobId;
    if (blobId !== undefined && outcome.problems.length === 0) cache?.set(blobId, files[toParse[position]!]!, outcome);
  });
  return { outcomes, blobIds, ...(bodySpool ? { bodySpool } : {}) };
}

/** A spool only makes the build faster: without one (a folder that cannot be written), bodies are read from their files. */
function spoolIfPossible(dir: string, files: number): BodySpool | undefined {
  try {
    return openBodySpool(dir, files);
  } catch {
    return undefined;
  }
}

function blobIdOfFile(root: string, file: string): string | undefined {
  try {
    return blobIdOf(readFileSync(path.join(root, file)));
  } catch {
    return undefined; // parsed, and reported, like any file that cannot be read
  }
}

/**
 * Hands out batches to worker threads as they finish one, so a slow batch holds up nobody; each
 * worker has two, so that it goes on with the second while this thread takes in the first (or is
 * busy elsewhere: it imports Astro meanwhile). Each outcome is passed through `share` as its batch
 * arrives, while its copies are young; where a worker spooled a report's body, the spool notes it.
 */
async function checkInWorkers(root: string, files: readonly string[], threads: number, share: (outcome: FileOutcome) => FileOutcome, bodySpool: BodySpool | undefined): Promise<CheckedFile[]> {
  const results: CheckedFile[] = new Array(files.length);
  // Handed out by file name, which for a report is its id: each worker then spools its bodies in
  // the order the catalogue asks for them (by id), and the spool reads them a run at a time
  // (scratch-file.ts). Handed out in the listing's order (by landmark), every body asked for was a
  // read of its own: 100,000 reads, 1.2 s of the build's thread at 100k reports.
  const names = files.map((file) => file.slice(file.lastIndexOf('/') + 1));
  const order = Uint32Array.from(files.keys()).sort((a, b) => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : a - b));
  let next = 0;
  const workers = Array.from({ length: threads }, (_, thread) => new Worker(new URL('./parse-worker.ts', import.meta.url), { workerData: { spool: bodySpool?.descriptors[thread] }, resourceLimits: { maxYoungGenerationSizeMb: workerYoungGenerationMb } }));
  try {
    await Promise.all(
      workers.map(
        (worker, thread) =>
          new Promise<void>((resolve, reject) => {
            // Where each batch sent and not yet answered starts; a worker answers in the order it was sent.
            const batchStarts: number[] = [];
            const sendNext = () => {
              if (next >= files.length) {
                if (batchStarts.length === 0) resolve();
                return;
              }
              batchStarts.push(next);
              const end = Math.min(files.length, next + batchSize);
              worker.postMessage({ root, files: Array.from(order.subarray(next, end), (index) => files[index]!) });
              next = end;
            };
            worker.on('message', (batch: (CheckedFile & { body?: SpooledBody })[]) => {
              const batchStart = batchStarts.shift()!;
              batch.forEach(({ outcome, blobId, body }, offset) => {
                const shared = share(outcome);
                if (body && shared.report) bodySpool?.note(shared.report.id, thread, body);
                results[order[batchStart + offset]!] = { outcome: shared, blobId };
              });
              sendNext();
            });
            worker.on('error', reject);
            worker.on('exit', (code) => reject(new Error(`a parse worker stopped early (exit code ${code})`)));
            sendNext();
            sendNext();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return results;
}
