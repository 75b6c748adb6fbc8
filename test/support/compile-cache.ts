// Vitest global setup, after temporary-folder.ts: one Node compile cache for every process of the
// run. A build keeps compiled code in its content root's .cache, but nearly every test builds a
// content root of its own, so each build compiled Astro, vite and the build's modules again: about
// 1.5 s of a core per build, tens of builds a run. The cache changes how fast code loads, not what
// it does: Node compiles a file again when its source changed, and by default shares one folder
// among all its processes. The vitest processes (started after this) and every script and build
// they run inherit the variable.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export default function setup(): void {
  process.env.NODE_COMPILE_CACHE = mkdtempSync(path.join(tmpdir(), 'compiled-code-'));
}
