// A worker thread of the parse pool: checks the batches of files it is sent, one after another,
// and appends the reports' bodies to its file of the body spool when it is given one (body-spool.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { appendBodies, type SpooledBody } from './body-spool.ts';
import { readAndCheck, type CheckedFile } from './read-and-check.ts';

// yaml asks process.env whether to log once per token it reads (LOG_TOKENS, LOG_STREAM), and in a
// thread each ask goes through Node's store of the environment: the parse of 110,000 files took a
// tenth more CPU for it. This thread reads nothing else from its environment: it asks a plain copy.
process.env = { ...process.env };

const spool = (workerData as { spool?: number } | undefined)?.spool;
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
  parentPort?.postMessage(results);
});
