// Writes landmark files from an open data file of places, skipping what the catalogue has.
// Usage: npm run import-landmarks -- <file.csv> [--min-sitelinks N] [--limit N] [--dry-run]; --help lists every option.
import path from 'node:path';
import { importLandmarksCommand } from '../src/cli/import-landmarks-command.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
process.exitCode = await importLandmarksCommand(
  process.argv.slice(2),
  { input: process.stdin, output: process.stdout, errors: process.stderr, interactive: false, now: new Date() },
  projectRoot,
);
