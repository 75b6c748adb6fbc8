import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * `work`'s value, computed once per test run however many test files ask for it: the files run in
 * separate processes, so the first to ask (the one that makes `folder`, which only one process can)
 * does the work, in that folder if it needs one, and writes its outcome there; the others wait for
 * the outcome. `folder` belongs in the run's temporary folder (temporary-folder.ts), removed when
 * the run ends. The value must survive JSON.
 */
export async function oncePerRun<T>(folder: string, what: string, waitLimitMs: number, work: () => Promise<T>): Promise<T> {
  const outcomeFile = path.join(folder, 'outcome.json');
  await mkdir(path.dirname(folder), { recursive: true });
  const first = await mkdir(folder).then(
    () => true,
    (error: NodeJS.ErrnoException) => (error.code === 'EEXIST' ? false : Promise.reject(error)),
  );
  if (first) {
    const outcome = await Promise.resolve()
      .then(work)
      .then(
        (value) => ({ value }),
        (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
      );
    await writeFile(`${outcomeFile}.incoming`, JSON.stringify(outcome));
    await rename(`${outcomeFile}.incoming`, outcomeFile);
  }
  for (const started = Date.now(); Date.now() - started < waitLimitMs; await sleep(100)) {
    const outcome = await readFile(outcomeFile, 'utf8').then((text) => JSON.parse(text) as { value: T } | { error: string }, () => undefined);
    if (outcome && 'value' in outcome) return outcome.value;
    if (outcome) throw new Error(`${what} failed: ${outcome.error}`);
  }
  throw new Error(`waited ${waitLimitMs / 1000} s for ${what} in another test process; it never finished`);
}
