// Adds a dated confirmation to a report whose condition still holds.
// Usage: npm run confirm -- <report-id> [--date YYYY-MM-DD] [--note "…"]
import path from 'node:path';
import { confirmCommand } from '../src/cli/confirm-command.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
process.exitCode = await confirmCommand(
  process.argv.slice(2),
  { input: process.stdin, output: process.stdout, errors: process.stderr, interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY), now: new Date() },
  projectRoot,
);
