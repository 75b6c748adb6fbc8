import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { projectRoot } from '../support/build.ts';
import { writeContentTree } from '../support/content-files.ts';

const run = promisify(execFile);

/** A script, in a folder of its own, that reruns itself with the bounded heap as scripts/build.ts does, then runs `body` in the child. */
async function rerunningScript(name: string, body: string): Promise<string> {
  const script = path.join(await writeContentTree({}), name);
  await writeFile(
    script,
    `import { rerunWithBoundedHeap } from ${JSON.stringify(path.join(projectRoot, 'scripts/lib/bounded-heap.ts'))};
const rerun = await rerunWithBoundedHeap(import.meta.filename);
if (rerun !== undefined) process.exit(rerun);
${body}`,
  );
  return script;
}

// The build's parse, hash and SQLite threads have heaps of their own: when one of them fills, Node
// ends the thread instead of aborting the process, so the build must say the same as when the main
// thread's heap fills (build-command.test.ts starves the main thread).
it('says the build ran out of memory, and how to give it more, when one of its threads fills its heap', async () => {
  const folder = await writeContentTree({});
  const script = path.join(folder, 'hungry-thread.ts');
  await writeFile(
    script,
    `import { Worker, isMainThread } from 'node:worker_threads';
import { rerunWithBoundedHeap } from ${JSON.stringify(path.join(projectRoot, 'scripts/lib/bounded-heap.ts'))};
if (isMainThread) {
  // As scripts/build.ts does: rerun with the bounded heap, then fail with the thread's error, unhandled.
  const rerun = await rerunWithBoundedHeap(import.meta.filename);
  if (rerun !== undefined) process.exit(rerun);
  await new Promise((_, reject) => new Worker(new URL(import.meta.url)).on('error', reject));
} else {
  const held = [];
  for (;;) held.push({ index: held.length, text: 'row ' + held.length });
}
`,
  );
  const failed = await run(process.execPath, [script], { env: { ...process.env, BUILD_HEAP_MB: '32' } }).then(
    () => undefined,
    (error: { code: number; stderr: string }) => error,
  );
  expect(failed?.code).toBe(1);
  expect(failed?.stderr).toContain('ERR_WORKER_OUT_OF_MEMORY');
  expect(failed?.stderr).toContain('The build ran out of memory: its JavaScript heap is limited to 32 MB');
  expect(failed?.stderr).toContain('Give it more with BUILD_HEAP_MB, e.g. BUILD_HEAP_MB=64 npm run build.');
});

// Node can hang while it reports a full heap (its handler waits for a lock its own code holds): the
// build must still end, and say why, rather than leave the person running it waiting for ever.
it('ends a build whose process said its heap is full and then hung, and says it ran out of memory', async () => {
  const script = await rerunningScript(
    'hung-reporting.ts',
    `// V8's line, in two writes as a pipe may cut it, then nothing more, as the hung process does.
process.stderr.write('FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap ');
setTimeout(() => process.stderr.write('out of memory\\n'), 200);
setInterval(() => {}, 1000);
`,
  );
  const started = performance.now();
  const failed = await run(process.execPath, [script], { env: { ...process.env, BUILD_HEAP_MB: '64' }, timeout: 60_000 }).then(
    () => undefined,
    (error: { code: number; stderr: string; killed: boolean }) => error,
  );
  expect(failed?.killed).toBe(false);
  expect(failed?.code).toBe(1);
  expect(failed?.stderr).toContain('FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory');
  expect(failed?.stderr).toContain('The build ran out of memory: its JavaScript heap is limited to 64 MB');
  expect(performance.now() - started).toBeLessThan(30_000);
});

// The build's process asks glibc for transparent huge pages (scripts/lib/large-pages.ts), beside
// whatever allocator settings the person running it chose, and never against one of them.
it.each([
  ['nothing', undefined, 'glibc.malloc.hugetlb=1'],
  ['other settings', 'glibc.malloc.arena_max=2', 'glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1'],
  ['its own choice of huge pages', 'glibc.malloc.hugetlb=0', 'glibc.malloc.hugetlb=0'],
])("runs the build's process with huge pages for glibc's allocator when the person running it set %s", async (_, given, expected) => {
  const script = await rerunningScript('tunables.ts', 'console.log(process.env.GLIBC_TUNABLES);\n');
  const env = { ...process.env };
  delete env.GLIBC_TUNABLES;
  if (given !== undefined) env.GLIBC_TUNABLES = given;
  const { stdout } = await run(process.execPath, [script], { env });
  expect(stdout.trim()).toBe(expected);
});
