// The thread that writes the downloads made from the NDJSON files (see from-ndjson.ts): begun with
// what is known before they are written, given the job on its port once they are; the text pieces
// as soon as they are made, then the whole answer.
import { once } from 'node:events';
import { parentPort, receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';
import { writeOnceKnown, type FromNdjsonJob, type FromNdjsonStart, type ThreadMessage } from './from-ndjson.ts';

const { start, port } = workerData as { start: FromNdjsonStart; port: MessagePort };
const post = (message: ThreadMessage) => parentPort?.postMessage(message);
try {
  const job = {
    now: () => receiveMessageOnPort(port)?.message as FromNdjsonJob | undefined,
    later: async () => ((await once(port, 'message')) as [FromNdjsonJob])[0],
  };
  post({ written: await writeOnceKnown(start, job, (texts) => post({ texts })) });
} finally {
  port.close();
}
