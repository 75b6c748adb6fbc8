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
 * kept read. With the setting on for the whole rebuild, one-report rebuilds took 22.1-23.8 s; on
 * only for the kept read, 24.8-29.0 s, about what the code before took without it (28.8-30.4 s).
 * Not for a build that makes many files: they are written from buffers, gigabytes in all, which
 * then wait for a collection of the heap to be freed. With the setting on, a cold build's process
 * grew to 3.2 GiB (2.2 without); a rebuild after a change of code, which makes every file again, to
 * 2.96 GiB (2.3 without); rebuilds after about 100 changed reports to 2.46-2.78 GiB (2.0-2.2
 * without); after 10, to 2.2 GiB (1.9 without). The build must stay under 2.5 GiB
 * (docs/performance.md).
 *
 * V8 reads the setting as memory is allocated, so it can change while the process runs; the build
 * process is its own (scripts/build.ts runs it as a child), so nothing else shares it.
 */
export function countExternalMemoryInHeapLimit(on: boolean): void {
  setFlagsFromString(on ? '--external-memory-accounted-in-global-limit' : '--no-external-memory-accounted-in-global-limit');
}

/** Changed content files up to which a rebuild with the same code counts as making few files (measured up to 10). */
export const fewChangedFiles = 10;
