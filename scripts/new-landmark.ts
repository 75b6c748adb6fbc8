// Creates a landmark: content/landmarks/<slug>.md.
// Usage: npm run new-landmark -- --name "Eiffel Tower" --city Paris --country FR --lat 48.8584 --lon 2.2945 --wikidata Q243
// Run in a terminal without flags to be asked for each value; --help lists every flag.
import path from 'node:path';
import { newLandmarkCommand } from '../src/cli/new-landmark-command.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
process.exitCode = await newLandmarkCommand(
  process.argv.slice(2),
  { input: process.stdin, output: process.stdout, errors: process.stderr, interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY), now: new Date() },
  projectRoot,
);
