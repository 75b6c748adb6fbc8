import { setFlagsFromString } from 'node:v8';

/**
 * Whether memory outside the heap (array buffers: typed arrays, Node's buffers) counts towards the
 * heap's own limit, rather than starting a full collection for every 64 MB allocated since the
 * last one, V8's default.
 *
 * A rebuild turns it on: its heap holds the kept catalogue (800 MB at a million reports) and its
 * kept columns, digests and file pieces are typed arrays and buffers, so each 64 MB of them had the
 * collector mark the whole heap again. Traced, a one-report rebuild at 100k landmarks / 1M reports
 * did so twice right after its kept read; with the setting on, its rebuilds took 0.86 times as long,
 * taken in turn. A full load leaves it off: it writes every file, buffers of gigabytes in all, and
 * with it on its process grew to 3.2 GiB instead of 2.2 (docs/performance.md).
 *
 * V8 reads the setting at each allocation, so it can change while the process runs; the build
 * process is its own (scripts/build.ts runs it as a child), so nothing else shares it.
 */
export function countExternalMemoryInHeapLimit(on: boolean): void {
  setFlagsFromString(on ? '--external-memory-accounted-in-global-limit' : '--no-external-memory-accounted-in-global-limit');
}
