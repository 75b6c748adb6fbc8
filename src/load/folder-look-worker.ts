// The thread that looks at the content folders for lookAtFoldersInThread (folder-look.ts): one look, then its answer.
import { parentPort, workerData } from 'node:worker_threads';
import { lookAtFolders, type FolderLook, type PackedFolders } from './folder-look.ts';

const { root, top, before } = workerData as { root: string; top: string; before: PackedFolders | undefined };
parentPort?.postMessage(lookAtFolders(root, top, before) satisfies FolderLook);
