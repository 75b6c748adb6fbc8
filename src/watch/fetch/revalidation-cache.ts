import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Revalidation, RevalidationCache } from './polite-fetcher.ts';

/**
 * The last body read from each URL with its validators, one file per URL under a folder (the
 * content root's `.cache/watch/`, which the workflow keeps between runs): a source that has not
 * changed answers 304 and costs its server nothing but headers.
 */
export function folderRevalidationCache(folder: string): RevalidationCache {
  const fileOf = (url: string) => path.join(folder, `${createHash('sha256').update(url).digest('hex').slice(0, 32)}.json`);
  return {
    async get(url) {
      try {
        const entry = JSON.parse(await readFile(fileOf(url), 'utf8')) as Revalidation & { url: string };
        return entry.url === url ? entry : undefined;
      } catch {
        return undefined; // none yet, or damaged: read in full
      }
    },
    async set(url, entry) {
      if (!entry.etag && !entry.lastModified) return;
      await mkdir(folder, { recursive: true });
      const file = fileOf(url);
      await writeFile(`${file}.tmp`, JSON.stringify({ url, ...entry }));
      await rename(`${file}.tmp`, file);
    },
  };
}
