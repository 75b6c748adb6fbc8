// The bench's parse floor, run as its own process: `node scripts/lib/parse-floor.ts <content root>`
// prints the seconds it took to read every content file synchronously and read its frontmatter as
// the build does (line by line when plain, plain-block-yaml.ts, else with the yaml library), the
// fastest single-process way; then the same with the yaml library alone, the floor until the
// build read plain frontmatter itself, so that earlier figures can be set beside today's. (Awaiting
// one asynchronous read per file is four to five times slower on the same tree, so it would
// flatter the build.) A fresh process, as the build's is, not the bench's own, whose heap still
// holds what it generated.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { parse } from 'yaml';
import { plainBlockYaml } from '../../src/load/plain-block-yaml.ts';

const root = process.argv[2];
if (!root) {
  console.error('usage: node scripts/lib/parse-floor.ts <content root>');
  process.exit(2);
}
// As the build's parse workers do (src/load/parse-worker.ts): yaml asks process.env whether to log
// once per token, which took a sixth of this loop's time.
process.env = { ...process.env };
const files = await fg('content/**/*.md', { cwd: root });

/** Seconds to read every file and its frontmatter with `read`. */
function timed(read: (frontmatter: string) => unknown): string {
  const started = performance.now();
  for (const file of files) {
    const text = readFileSync(path.join(root!, file), 'utf8');
    read(text.slice(4, text.indexOf('\n---', 3)));
  }
  return ((performance.now() - started) / 1000).toFixed(3);
}

console.log(timed((frontmatter) => plainBlockYaml(frontmatter) ?? parse(frontmatter)), timed(parse));
