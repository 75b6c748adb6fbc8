// The build's memory bound. V8 lets its heap grow towards a limit set from the machine's memory
// before it collects hard: on a 24 GiB machine a one-report rebuild of 100k landmarks and 1M
// reports peaked at 4.33 GiB resident, although its live data stay under 2 GiB. With the old
// generation capped at 2,048 MB the same rebuild peaked at 2.54 GiB (whole process), taking a fifth
// to a third more time: more collection near the cap. A catalogue that needs more heap fails, and
// after V8's own crash report a line says how to give it more.
import { spawn, type ChildProcess } from 'node:child_process';
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
 * How long a child that has said V8 ran out of heap gets to end before it is killed. Node can hang
 * while it reports that: its handler takes a lock that its own code may hold when the heap fills
 * (seen here three times in forty builds starved with a 16 MB heap, on Node 24: the main thread
 * waits for ever for the lock it holds), and the person running the build would wait with it.
 */
const reportingGraceMs = 10_000;

/** What V8 prints when a heap is full, before the process aborts. */
const outOfHeapLine = /FATAL ERROR: [^\n]*JavaScript heap out of memory/;

/**
 * How the child ended: its stderr passed on as it comes, and watched for V8's line saying the heap
 * is full, after which the child is killed if it has not ended within reportingGraceMs.
 */
function endOf(child: ChildProcess): Promise<{ status: number | null; signal: NodeJS.Signals | null; outOfHeap: boolean }> {
  return new Promise((resolve, reject) => {
    let outOfHeap = false;
    let recent = '';
    let killer: NodeJS.Timeout | undefined;
    child.stderr!.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      if (outOfHeap) return;
      // The line may be cut between chunks: the end of the last one is searched with this one.
      recent = (recent + chunk.toString('latin1')).slice(-4096);
      if (!outOfHeapLine.test(recent)) return;
      outOfHeap = true;
      killer = setTimeout(() => child.kill('SIGKILL'), reportingGraceMs);
    });
    child.once('error', reject);
    child.once('close', (status, signal) => {
      clearTimeout(killer);
      resolve({ status, signal, outOfHeap });
    });
  });
}

/**
 * Runs `script` again in a child Node process with a bounded heap (BUILD_HEAP_MB megabytes, 2048
 * unless set) and huge pages for glibc's allocator (large-pages.ts), and returns its exit code;
 * returns undefined when this process should do the work itself, because a heap limit was already
 * chosen (a thread of it that runs out of heap then ends it as the main thread would).
 */
export async function rerunWithBoundedHeap(script: string): Promise<number | undefined> {
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
  const child = spawn(process.execPath, [...process.execArgv, `${heapFlag}=${megabytes}`, '--expose-gc', script, ...process.argv.slice(2)], {
    stdio: ['inherit', 'inherit', 'pipe'],
    env: withLargePages(process.env),
  });
  const { status, signal, outOfHeap } = await endOf(child);
  // V8 aborts the process when its heap is full. (The next build removes the staging folder left.)
  if (outOfHeap || signal === 'SIGABRT' || status === outOfMemoryStatus) {
    console.error(
      `\nThe build ran out of memory: its JavaScript heap is limited to ${megabytes} MB (the default, ${defaultHeapMegabytes}, holds a catalogue of about a million reports). ` +
        `Nothing was published. Give it more with BUILD_HEAP_MB, e.g. BUILD_HEAP_MB=${megabytes * 2} npm run build.`,
    );
    return 1;
  }
  return status ?? 1;
}
