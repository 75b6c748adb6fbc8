// The thread that writes the downloads made from the NDJSON files (see from-ndjson.ts): one job, one answer.
import { parentPort, workerData } from 'node:worker_threads';
import { writeFromNdjson, type FromNdjsonJob } from './from-ndjson.ts';

parentPort?.postMessage(await writeFromNdjson(workerData as FromNdjsonJob));
