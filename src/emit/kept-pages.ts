import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { projectFilesFingerprint } from '../kept/fingerprint.ts';
import { keptStore, keptStoreDir } from '../kept/kept-store.ts';
import { buildFingerprint } from '../kept/output-files.ts';
import type { PageData } from './page-handover.ts';
import { repositoryUrl } from './repository-url.ts';
import { hasSections, withSectionsMadeAgain } from './page-sections.ts';

/**
 * The pages Astro built, kept for the next build whose site code is the same: it writes them with
 * their sections that show data made again (page-sections.ts), and neither imports Astro nor
 * bundles the site. Every file Astro wrote is kept whole in the store's sealed manifest (about
 * 400 KB: the pages, their styles and script, the files of public/), so a damaged one reads as
 * none kept, and Astro builds the pages again.
 */
export interface KeptPages {
  /** Whether pages are kept for this code, to be reused unless one names a section this code does not make. */
  readonly found: boolean;
  /** Writes the kept pages into `siteDir` with `data`'s sections; false when none are kept for this code, and nothing was written. */
  reuse(siteDir: string, data: PageData): Promise<boolean>;
  /** Keeps every file in `siteDir`, which holds just what Astro built. */
  keep(siteDir: string): Promise<void>;
}

interface Manifest {
  /** Each file's bytes in base64, by its path in the site. */
  files: Record<string, string>;
}

const formatVersion = 1;

/** The pages kept in `contentRoot`'s `.cache/` for this code and site URL, read now. */
export async function openKeptPages(contentRoot: string, siteUrl: string): Promise<KeptPages> {
  const store = keptStore(keptStoreDir(contentRoot, 'built-pages'), { format: formatVersion, fingerprint: siteCodeFingerprint(siteUrl) });
  const kept = await store.readManifest<Manifest>();
  return {
    found: kept !== undefined,
    async reuse(siteDir, data) {
      if (!kept) return false;
      const files = Object.entries(kept.files).map(([sitePath, base64]) => ({ sitePath, bytes: Buffer.from(base64, 'base64') }));
      const made: { sitePath: string; contents: string | Uint8Array }[] = [];
      for (const { sitePath, bytes } of files) {
        const text = sitePath.endsWith('.html') ? bytes.toString('utf8') : undefined;
        if (text === undefined || !hasSections(text)) {
          made.push({ sitePath, contents: bytes });
          continue;
        }
        const page = withSectionsMadeAgain(text, data, siteUrl);
        if (page === undefined) return false;
        made.push({ sitePath, contents: page });
      }
      for (const { sitePath, contents } of made) {
        const target = path.join(siteDir, ...sitePath.split('/'));
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, contents);
      }
      return true;
    },
    async keep(siteDir) {
      const files: Manifest['files'] = {};
      for (const entry of await readdir(siteDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        files[path.relative(siteDir, file).split(path.sep).join('/')] = (await readFile(file)).toString('base64');
      }
      await store.writeManifest({ files } satisfies Manifest);
    },
  };
}

/**
 * What the pages are built from besides the build's own code (buildFingerprint: the layers the
 * pages import, the lock file, Node, the site's and the repository's URLs; the pages link to the
 * repository, which the environment may name): the files of src/site (pages, layouts, styles,
 * client scripts) and src/drafts, read whatever their kind, public/, and the Astro and
 * TypeScript settings.
 */
export const pagesFiles = ['src/site', 'src/drafts', 'public', 'astro.config.mjs', 'tsconfig.json'];

function siteCodeFingerprint(siteUrl: string): string {
  return createHash('sha256').update(`built-pages ${formatVersion}\n${buildFingerprint(siteUrl, repositoryUrl)}\n${projectFilesFingerprint(pagesFiles)}`).digest('hex');
}
