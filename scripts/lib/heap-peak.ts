// The build's heap at its fullest, printed with its result: the heap is capped (bounded-heap.ts),
// and a person growing a catalogue should see how close it comes to the cap before it fails.
import { GCProfiler, getHeapStatistics } from 'node:v8';

export interface HeapPeak {
  /** The most heap in use just after a full collection: what the process could not do without. */
  liveBytes: number;
  /** The heap's limit. */
  limitBytes: number;
}

/**
 * Starts recording every collection; the function returned stops and says the peak. V8 notes the
 * heap in use at the end of each full collection itself, so the figure is exact: read from a
 * callback after it, as this did before, it counted what the build had allocated meanwhile, 80 MB
 * too many at a million reports.
 */
export function watchHeapPeak(): () => HeapPeak {
  const profiler = new GCProfiler();
  profiler.start();
  return () => {
    const { statistics } = profiler.stop();
    let liveBytes = 0;
    for (const { gcType, afterGC } of statistics) {
      if (gcType === 'MarkSweepCompact') liveBytes = Math.max(liveBytes, afterGC.heapStatistics.usedHeapSize);
    }
    return { liveBytes, limitBytes: getHeapStatistics().heap_size_limit };
  };
}

export const heapPeakInWords = ({ liveBytes, limitBytes }: HeapPeak): string =>
  `at most ${Math.round(liveBytes / 2 ** 20).toLocaleString('en')} MB live after a full collection, of a ${Math.round(limitBytes / 2 ** 20).toLocaleString('en')} MB limit`;
