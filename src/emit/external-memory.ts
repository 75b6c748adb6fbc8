import { setFlagsFromString } from 'node:v8';

/**
 * Whether memory outside the heap (array buffers: typed arrays, Node's buffers) counts towards the
 * heap's own limit, rather than starting a full collection for every 64 MB allocated since the
 * last one, V8's default.
 *
 * Worth it while a rebuild reads the kept catalogue and makes the few files its changes touch: its
 * heap holds the catalogue (800 MB at a million reports), and its kept columns, digests and file
 * pieces are typed arrays and buffers, so each 64 MB of them had the collector mark the whole heap
 * again. Traced, a one-report rebuild at 100k landmarks / 1M reports did so twice right after its
 * kept read; with the setting on, its rebuilds took 0.86 times as long, taken in turn. Not for a
 * build that makes most files: they are written from buffers, gigabytes in all, which then wait
 * for a collection of the heap to be freed. With the setting on, a cold build's process grew to
 * 3.2 GiB instead of 2.2, and a rebuild making every file again (after a change of code) to 2.5
 * GiB instead of 2.3 (docs/performance.md).
 *
 * V8 reads the setting as memory is allocated, so it can change while the process runs; the build
 * process is its own (scripts/build.ts runs it as a child), so nothing else shares it.
 */
export function countExternalMemoryInHeapLimit(on: boolean): void {
  setFlagsFromString(on ? '--external-memory-accounted-in-global-limit' : '--no-external-memory-accounted-in-global-limit');
}

/** Changed content files up to which a rebuild with the same code counts as making few files. */
export const fewChangedFiles = 1000;
