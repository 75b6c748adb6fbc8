// Creates a condition report with a fresh opaque id: content/reports/<landmark>/<id>.md.
// Usage: npm run new-report -- --landmark eiffel-tower --condition scaffolding --summary "…"
// Run in a terminal without flags to be asked for each value; --help lists every flag.
import path from 'node:path';
import { newReportCommand } from '../src/cli/new-report-command.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
process.exitCode = await newReportCommand(
  process.argv.slice(2),
  { input: process.stdin, output: process.stdout, errors: process.stderr, interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY), now: new Date() },
  projectRoot,
);
