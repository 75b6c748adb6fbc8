// The thread of readBodiesAhead (body-reader.ts): reads each report's body from its file, in the
// catalogue's order, and writes them into the scratch file a batch at a time; a body is marked
// written only once its batch is, so the build's thread never reads bytes not yet there.
import { readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { bodyOfContentFile } from './parse-frontmatter.ts';
import type { BodyReaderJob } from './body-reader.ts';

/** Bytes of bodies written at once: a write per body is a system call per body, as for the texts made once. */
const batchBytes = 1024 * 1024;

const { root, files, descriptor, starts: startsBuffer, lengths: lengthsBuffer, asked: askedBuffer, lead, near } = workerData as BodyReaderJob;
const starts = new Float64Array(startsBuffer);
const lengths = new Int32Array(lengthsBuffer);
const asked = new Int32Array(askedBuffer);

const batch = Buffer.alloc(batchBytes);
let batched = 0;
let written = 0;
/** The indexes of the bodies in the batch, and each one's length plus one. */
const inBatch: number[] = [];
const batchLengths: number[] = [];

/** Writes the batch, then marks its bodies written. */
function flush(): void {
  for (let done = 0; done < batched; ) done += writeSync(descriptor, batch, done, batched - done, written + done);
  inBatch.forEach((index, at) => Atomics.store(lengths, index, batchLengths[at]!));
  written += batched;
  batched = 0;
  inBatch.length = 0;
  batchLengths.length = 0;
}

let index = 0;
let count = 0;
/** Bodies up to this one are left to the build's thread. */
let leftUpTo = -1;
for (let lineStart = 0; lineStart < files.length; index++) {
  const newline = files.indexOf('\n', lineStart);
  const lineEnd = newline === -1 ? files.length : newline;
  const file = files.slice(lineStart, lineEnd);
  lineStart = lineEnd + 1;
  const askedNow = Atomics.load(asked, 0);
  // The build's thread has read this one from its file already: it has caught up, and this one goes on ahead of it.
  if (index <= askedNow) leftUpTo = askedNow + lead;
  if (index <= leftUpTo) continue;
  // Written before the build's thread comes to it, not once full.
  if (inBatch.length > 0 && askedNow + near >= inBatch[0]!) flush();
  let body: string | undefined;
  try {
    body = bodyOfContentFile(readFileSync(path.join(root, file)));
  } catch {
    body = undefined;
  }
  // Not readable now: left for the build's thread to read, and say why, when it asks.
  if (body === undefined) continue;
  const bytes = Buffer.byteLength(body, 'utf8');
  if (bytes > batchBytes) continue;
  if (batched + bytes > batchBytes) flush();
  batch.write(body, batched, 'utf8');
  starts[index] = written + batched;
  inBatch.push(index);
  batchLengths.push(bytes + 1);
  batched += bytes;
  count++;
}
flush();
parentPort?.postMessage(count);
