// A worker thread of the parse pool: checks the batches of files it is sent, one after another,
// and appends the reports' bodies to its file of the body spool when it is given one (body-spool.ts).
// Asked to (`serialize`), it also sends each outcome the parse cache may keep as v8's serializer
// writes it, which the cache saves as it is (parse-cache.ts): serialized here, while the other
// core parses too, rather than on the build's thread when the cache is saved.
import { serialize } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { appendBodies, type SpooledBody } from './body-spool.ts';
import { readAndCheck, type CheckedFile } from './read-and-check.ts';

// yaml asks process.env whether to log once per token it reads (LOG_TOKENS, LOG_STREAM), and in a
// thread each ask goes through Node's store of the environment: the parse of 110,000 files took a
// tenth more CPU for it. This thread reads nothing else from its environment: it asks a plain copy.
process.env = { ...process.env };

const { spool, serialize: serializing } = (workerData as { spool?: number; serialize?: boolean } | undefined) ?? {};
let spoolEnd = 0;

parentPort?.on('message', ({ root, files }: { root: string; files: string[] }) => {
  const results: (CheckedFile & { body?: SpooledBody })[] = [];
  const bodies: { result: CheckedFile & { body?: SpooledBody }; text: string }[] = [];
  for (const file of files) {
    const { reportBody, ...result } = readAndCheck(root, file);
    results.push(result);
    if (spool !== undefined && reportBody !== undefined) bodies.push({ result, text: reportBody });
  }
  if (spool !== undefined && bodies.length > 0) {
    const appended = appendBodies(spool, spoolEnd, bodies.map(({ text }) => text));
    appended.places.forEach((place, index) => (bodies[index]!.result.body = place));
    spoolEnd = appended.end;
  }
  if (!serializing) {
    parentPort?.postMessage({ results });
    return;
  }
  // One buffer for the batch, handed over rather than copied; a file the cache does not keep (one
  // with a problem, or unread) has no bytes in it.
  const pieces = results.map(({ outcome, blobId }) => (blobId !== undefined && outcome.problems.length === 0 ? serialize(outcome) : undefined));
  const ends = new Uint32Array(pieces.length);
  let length = 0;
  pieces.forEach((piece, index) => (ends[index] = length += piece?.byteLength ?? 0));
  const bytes = new Uint8Array(length);
  pieces.forEach((piece, index) => piece && bytes.set(piece, ends[index]! - piece.byteLength));
  parentPort?.postMessage({ results, serialized: { bytes, ends } }, [bytes.buffer]);
});
