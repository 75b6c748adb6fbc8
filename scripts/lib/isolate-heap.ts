// The JavaScript heap of the Worker's isolate, read through its V8 inspector as DevTools reads it
// (Runtime.getHeapUsage): what counts against the 128 MB an isolate may use, which the resident
// memory of the whole workerd process (runtime, caches, the dev server's own) does not show.

export interface HeapUsage {
  usedBytes: number;
  totalBytes: number;
}

/** Sends one inspector command and waits for its answer. */
async function inspectorCall<T>(socketUrl: string, method: string): Promise<T> {
  // The local inspector proxy accepts DevTools' origins only. Node's WebSocket (undici) takes
  // headers in an init object, which the DOM typings this project compiles with do not know.
  const init = { headers: { Origin: 'http://localhost' } };
  const socket = new WebSocket(socketUrl, init as unknown as string[]);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new Error(`could not reach the inspector at ${socketUrl}`)), { once: true });
    });
    const answer = new Promise<T>((resolve, reject) => {
      socket.addEventListener('message', (event) => {
        const message = JSON.parse(String(event.data)) as { id?: number; result?: T; error?: { message: string } };
        if (message.id !== 1) return;
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result!);
      });
    });
    socket.send(JSON.stringify({ id: 1, method }));
    return await answer;
  } finally {
    socket.close();
  }
}

/** The heap of the isolate behind `inspectorUrl` (LocalWorker.inspectorUrl) as it stands: garbage not yet collected included, an upper bound. */
export async function isolateHeap(inspectorUrl: URL): Promise<HeapUsage> {
  const listUrl = new URL('/json', inspectorUrl.href.replace(/^ws/, 'http'));
  const targets = (await (await fetch(listUrl)).json()) as { webSocketDebuggerUrl?: string }[];
  const socketUrl = targets.find((target) => target.webSocketDebuggerUrl)?.webSocketDebuggerUrl;
  if (!socketUrl) throw new Error(`the inspector at ${listUrl.href} lists no isolate`);
  const { usedSize, totalSize } = await inspectorCall<{ usedSize: number; totalSize: number }>(socketUrl, 'Runtime.getHeapUsage');
  return { usedBytes: usedSize, totalBytes: totalSize };
}
