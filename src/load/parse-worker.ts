// A worker thread of the parse pool: checks the batches of files it is sent, one after another.
import { parentPort } from 'node:worker_threads';
import { readAndCheck } from './read-and-check.ts';

parentPort?.on('message', ({ root, files }: { root: string; files: string[] }) => {
  parentPort?.postMessage(files.map((file) => readAndCheck(root, file)));
});
