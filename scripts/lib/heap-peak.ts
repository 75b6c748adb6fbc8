// The build's heap at its fullest, printed with its result: the heap is capped (bounded-heap.ts),
// and a person growing a catalogue should see how close it comes to the cap before it fails.
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';

export interface HeapPeak {
  /** The most heap in use just after a full collection: what the process could not do without. */
  liveBytes: number;
  /** The heap's limit. */
  limitBytes: number;
}

/**
 * Starts watching full collections; the function returned stops and says the peak. The heap is
 * read when the collection is reported, a moment after it, so the figure errs a little high.
 */
export function watchHeapPeak(): () => HeapPeak {
  let liveBytes = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (((entry as PerformanceEntry & { detail?: { kind?: number } }).detail)?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) liveBytes = Math.max(liveBytes, getHeapStatistics().used_heap_size);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return () => {
    observer.disconnect();
    return { liveBytes, limitBytes: getHeapStatistics().heap_size_limit };
  };
}

export const heapPeakInWords = ({ liveBytes, limitBytes }: HeapPeak): string =>
  `at most ${Math.round(liveBytes / 2 ** 20).toLocaleString('en')} MB live after a full collection, of a ${Math.round(limitBytes / 2 ** 20).toLocaleString('en')} MB limit`;
