// Writes the JSON Schemas of landmark and report frontmatter, generated from the zod schemas in
// src/schema/, into schemas/ for editor completion. A test fails when the committed files are stale.
// Usage: npm run schemas
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { frontmatterSchemaFiles } from '../src/emit/json-schemas.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
for (const [file, text] of Object.entries(frontmatterSchemaFiles())) {
  await mkdir(path.dirname(path.join(projectRoot, file)), { recursive: true });
  await writeFile(path.join(projectRoot, file), text);
  console.log(`Wrote ${file}`);
}
