// The thread that writes the downloads made from the NDJSON files (see from-ndjson.ts): one job, the text pieces and the database's files as soon as they are known, then the whole answer.
import { parentPort, workerData } from 'node:worker_threads';
import { writeFromNdjson, type FromNdjsonJob, type ThreadMessage } from './from-ndjson.ts';

const post = (message: ThreadMessage) => parentPort?.postMessage(message);
post({ written: await writeFromNdjson(workerData as FromNdjsonJob, { textsMade: (texts) => post({ texts }), databaseWritten: (database) => post({ database }) }) });
