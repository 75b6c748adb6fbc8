// Starts the project's Worker in real workerd, as `wrangler dev` does, on a given assets folder,
// for tests and benchmarks: the project's wrangler.jsonc, with the assets folder swapped and,
// optionally, the clock pinned.
import path from 'node:path';
import { unstable_startWorker } from 'wrangler';

process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';
process.env.WRANGLER_SEND_METRICS ??= 'false';

const projectRoot = path.resolve(import.meta.dirname, '../..');

export interface LocalWorker {
  url: URL;
  /** The V8 inspector of the Worker's isolate, when asked for (see isolate-heap.ts). */
  inspectorUrl: URL | undefined;
  dispose(): Promise<void>;
}

export async function startLocalWorker(assetsDir: string, options: { fixedNow?: string; inspector?: boolean } = {}): Promise<LocalWorker> {
  const worker = await unstable_startWorker({
    config: path.join(projectRoot, 'wrangler.jsonc'),
    assets: assetsDir,
    bindings: options.fixedNow ? { FIXED_NOW: { type: 'plain_text', value: options.fixedNow } } : {},
    // No persisted state: by default every instance keeps its cache in the project's
    // .wrangler/state, and workers started side by side (test files run at once) failed on its
    // locked SQLite database. Each instance keeps its own in memory, as a fresh isolate does.
    dev: { server: { hostname: '127.0.0.1', port: 0 }, inspector: options.inspector ? { hostname: '127.0.0.1', port: 0 } : false, logLevel: 'warn', watch: false, persist: false },
  } as unknown as Parameters<typeof unstable_startWorker>[0]);
  await worker.ready;
  return { url: await worker.url, inspectorUrl: options.inspector ? await worker.inspectorUrl : undefined, dispose: () => worker.dispose() };
}
