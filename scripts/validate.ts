// Checks every content file and prints every problem as file:line:col field: message.
// Exits 1 when there is any problem, so CI and contributors see all of them in one run.
import path from 'node:path';
import { loadContent } from '../src/content/load-content.ts';
import { formatProblem } from '../src/content/problem.ts';

const root = path.resolve(process.argv[2] ?? '.');
const { content, problems } = await loadContent({ root, now: new Date() });
for (const problem of problems) console.error(formatProblem(problem));
if (problems.length > 0) {
  console.error(`\n${problems.length} problem(s) found. Fix them and run npm run validate again.`);
  process.exit(1);
}
console.log(`All content is valid: ${content.landmarks.length} landmarks, ${content.reports.length} reports.`);
