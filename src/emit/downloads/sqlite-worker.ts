// The thread that writes the SQLite download (see sqlite-download.ts): one job, one answer.
import { parentPort, workerData } from 'node:worker_threads';
import { writeSqliteDownload, type SqliteDownloadJob } from './sqlite-download.ts';

parentPort?.postMessage(await writeSqliteDownload(workerData as SqliteDownloadJob));
