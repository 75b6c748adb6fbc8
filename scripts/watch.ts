// Reads every landmark's watch: sources and proposes reports for what they list (see CONTRIBUTING.md).
// Usage: npm run watch [-- --only <slug>] [--json]
import path from 'node:path';
import { watchCommand } from '../src/cli/watch-command.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
process.exitCode = await watchCommand(
  process.argv.slice(2),
  { input: process.stdin, output: process.stdout, errors: process.stderr, interactive: false, now: new Date() },
  projectRoot,
  process.env,
);
