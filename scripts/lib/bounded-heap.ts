// The build's memory bound. V8 lets its heap grow towards a limit set from the machine's memory
// before it collects hard: on a 24 GiB machine a one-report rebuild of 100k landmarks and 1M
// reports peaked at 4.33 GiB resident, although its live data stay under 2 GiB. With the old
// generation capped at 2,048 MB the same rebuild peaked at 2.54 GiB (whole process), taking a fifth
// to a third more time: more collection near the cap. A catalogue that needs more heap fails, and
// after V8's own crash report a line says how to give it more.
import { spawnSync } from 'node:child_process';
import { withLargePages } from './large-pages.ts';

const defaultHeapMegabytes = 2048;
const heapFlag = '--max-old-space-size';
// A worker thread that runs out of heap does not abort the process as the main thread does: Node
// ends the thread, and the build fails with its error. The process doing the work then exits with
// the status a shell gives an aborted process, so that both read the same to the person running it.
const outOfMemoryStatus = 128 + 6;

/** Makes a thread's running out of heap, when nothing handles it, end this process as the main thread's would. */
function exitWhenAThreadRunsOutOfMemory(): void {
  // A monitor, not a handler: every other uncaught error is reported and ends the process as before.
  process.on('uncaughtExceptionMonitor', (error) => {
    if ((error as { code?: unknown }).code !== 'ERR_WORKER_OUT_OF_MEMORY') return;
    console.error(String(error));
    process.exit(outOfMemoryStatus);
  });
}

/** True when this process, or the person running it, already chose a heap limit. */
function heapLimitChosen(): boolean {
  return [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((option) => option.startsWith(heapFlag));
}

/**
 * Runs `script` again in a child Node process with a bounded heap (BUILD_HEAP_MB megabytes, 2048
 * unless set) and huge pages for glibc's allocator (large-pages.ts), and returns its exit code;
 * returns undefined when this process should do the work itself, because a heap limit was already
 * chosen (a thread of it that runs out of heap then ends it as the main thread would).
 */
export function rerunWithBoundedHeap(script: string): number | undefined {
  if (heapLimitChosen()) {
    exitWhenAThreadRunsOutOfMemory();
    return undefined;
  }
  const megabytes = Number(process.env.BUILD_HEAP_MB ?? defaultHeapMegabytes);
  if (!Number.isInteger(megabytes) || megabytes < 16) {
    console.error(`BUILD_HEAP_MB must be a whole number of megabytes (at least 16), not "${process.env.BUILD_HEAP_MB}".`);
    return 1;
  }
  // --expose-gc: the build collects the heap once it has released the catalogue, before the pages (src/emit/build-site.ts).
  const child = spawnSync(process.execPath, [...process.execArgv, `${heapFlag}=${megabytes}`, '--expose-gc', script, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: withLargePages(process.env),
  });
  // V8 aborts the process when its heap is full. (The next build removes the staging folder left.)
  if (child.signal === 'SIGABRT' || child.status === outOfMemoryStatus) {
    console.error(
      `\nThe build ran out of memory: its JavaScript heap is limited to ${megabytes} MB (the default, ${defaultHeapMegabytes}, holds a catalogue of about a million reports). ` +
        `Nothing was published. Give it more with BUILD_HEAP_MB, e.g. BUILD_HEAP_MB=${megabytes * 2} npm run build.`,
    );
    return 1;
  }
  return child.status ?? 1;
}
