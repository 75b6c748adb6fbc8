// Refreshes content/popularity.yaml: for every landmark, how many Wikipedia language editions
// have an article on it, read from Wikidata. The featured "popular" list ranks by these counts.
// Usage: npm run update-popularity [-- --root <dir> --endpoint <wikidata api url>]
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadContent } from '../src/load/load-content.ts';
import { popularityPath } from '../src/load/popularity.ts';
import { wikipediaEditionsFrom } from '../src/load/wikidata-sitelinks.ts';
import { popularityFileText } from '../src/drafts/popularity-file-text.ts';

const { values } = parseArgs({
  options: {
    root: { type: 'string', default: path.resolve(import.meta.dirname, '..') },
    endpoint: { type: 'string', default: 'https://www.wikidata.org/w/api.php' },
  },
});
const root = path.resolve(values.root);
const now = new Date();
const { content, problems } = await loadContent({ root, now });
if (problems.length > 0) {
  console.error(`content has ${problems.length} problem(s); run npm run validate and fix them first`);
  process.exit(1);
}

// wbgetentities takes at most 50 ids per request.
const ids = [...new Set(content.landmarks.map((landmark) => landmark.frontmatter.wikidata))].sort();
const counts = new Map<string, number>();
for (let start = 0; start < ids.length; start += 50) {
  const url = new URL(values.endpoint);
  url.search = new URLSearchParams({ action: 'wbgetentities', ids: ids.slice(start, start + 50).join('|'), props: 'sitelinks', format: 'json' }).toString();
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { 'User-Agent': 'landmark-condition-reports/update-popularity (open data; see README)' },
      signal: AbortSignal.timeout(60_000),
    });
  } catch (error) {
    console.error(`Could not reach Wikidata at ${url.origin} (${(error as Error).cause ?? (error as Error).message}); nothing was written, ${popularityPath} is unchanged`);
    process.exit(1);
  }
  if (!response.ok) {
    console.error(`Wikidata answered ${response.status} ${response.statusText} for ${url.origin}${url.pathname}; nothing was written, ${popularityPath} is unchanged`);
    process.exit(1);
  }
  for (const [id, count] of wikipediaEditionsFrom(await response.json())) counts.set(id, count);
}

const missing = ids.filter((id) => !counts.has(id));
await writeFile(
  path.join(root, popularityPath),
  popularityFileText({ retrievedAt: now.toISOString().slice(0, 10), sitelinks: Object.fromEntries(counts) }),
);
console.log(`Wrote ${popularityPath}: ${counts.size} landmarks.${missing.length ? ` Not found on Wikidata: ${missing.join(', ')}` : ''}`);
