// The JavaScript heap of the Worker's isolate, read through its V8 inspector as DevTools reads it:
// what counts against the 128 MB an isolate may use, which the resident memory of the whole
// workerd process (runtime, caches, the dev server's own) does not show.

export interface HeapUsage {
  /**
   * Live objects and garbage not yet collected: an upper bound of what the isolate holds. (workerd's
   * inspector does not answer HeapProfiler.collectGarbage, so no collection can be forced first.)
   */
  usedBytes: number;
  totalBytes: number;
}

/** An inspector that has not answered by then will not: the reading is refused rather than awaited forever. */
const answerTimeoutMs = 5_000;

/** Sends inspector commands one after another over one connection, answering their results in order. */
async function inspectorCalls(socketUrl: string, methods: readonly string[]): Promise<unknown[]> {
  // The local inspector proxy accepts DevTools' origins only. Node's WebSocket (undici) takes
  // headers in an init object, which the DOM typings this project compiles with do not know.
  const init = { headers: { Origin: 'http://localhost' } };
  const socket = new WebSocket(socketUrl, init as unknown as string[]);
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
    const waiting = message.id === undefined ? undefined : pending.get(message.id);
    if (!waiting) return;
    if (message.error) waiting.reject(new Error(message.error.message));
    else waiting.resolve(message.result);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new Error(`could not reach the inspector at ${socketUrl}`)), { once: true });
    });
    const results: unknown[] = [];
    for (const [index, method] of methods.entries()) {
      const id = index + 1;
      const answer = new Promise<unknown>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        setTimeout(() => reject(new Error(`no answer within ${answerTimeoutMs} ms`)), answerTimeoutMs).unref();
      });
      socket.send(JSON.stringify({ id, method }));
      results.push(await answer.catch((error: Error) => Promise.reject(new Error(`${method}: ${error.message}`))));
    }
    return results;
  } finally {
    socket.close();
  }
}

/** The heap of the isolate behind `inspectorUrl` (LocalWorker.inspectorUrl), as it stands. */
export async function isolateHeap(inspectorUrl: URL): Promise<HeapUsage> {
  const listUrl = new URL('/json', inspectorUrl.href.replace(/^ws/, 'http'));
  const targets = (await (await fetch(listUrl)).json()) as { webSocketDebuggerUrl?: string }[];
  const socketUrl = targets.find((target) => target.webSocketDebuggerUrl)?.webSocketDebuggerUrl;
  if (!socketUrl) throw new Error(`the inspector at ${listUrl.href} lists no isolate`);
  const [usage] = (await inspectorCalls(socketUrl, ['Runtime.getHeapUsage'])) as { usedSize: number; totalSize: number }[];
  return { usedBytes: usage!.usedSize, totalBytes: usage!.totalSize };
}
