// Vitest global setup: every temporary folder the tests, the builds and workerd make goes into one
// folder of this run, removed when the run ends, so `npm test` leaves nothing behind in the
// system's temporary directory. Child processes (the build, workerd, the browser) inherit TMPDIR.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
  const folder = mkdtempSync(path.join(tmpdir(), 'lcr-test-run-'));
  process.env.TMPDIR = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}
