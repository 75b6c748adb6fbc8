// The thread of whole-hashes.ts: hashes each list of files it is sent, joined in order, and says
// the SHA-256 or why the files could not be read.
import { createHash } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { feedFile } from '../../kept/digests.ts';

const buffer = new Uint8Array(1024 * 1024);

parentPort?.on('message', ({ id, files }: { id: number; files: string[] }) => {
  try {
    const hash = createHash('sha256');
    for (const file of files) {
      const descriptor = openSync(file, 'r');
      try {
        feedFile(descriptor, buffer, [hash]);
      } finally {
        closeSync(descriptor);
      }
    }
    parentPort?.postMessage({ id, sha256: hash.digest('hex') });
  } catch (error) {
    parentPort?.postMessage({ id, error: `could not hash the download's parts: ${(error as Error).message}` });
  }
});
