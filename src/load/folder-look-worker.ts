// The thread that looks at the content folders for lookAtFoldersInThread (folder-look.ts): one look, then its answer.
import { parentPort, workerData } from 'node:worker_threads';
import { lookAtFolders, packFolders, unpackFolders, type PackedFolders, type PackedLook } from './folder-look.ts';

const { root, top, before } = workerData as { root: string; top: string; before: PackedFolders | undefined };
const { folders, suspects } = lookAtFolders(root, top, before === undefined ? undefined : unpackFolders(before));
parentPort?.postMessage({ folders: packFolders(folders), ...(suspects ? { suspects } : {}) } satisfies PackedLook);
