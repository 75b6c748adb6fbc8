import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSiteFrom, projectRoot } from '../support/build.ts';

/** Pages stay light enough for a slow phone connection: HTML plus the CSS it loads. */
const maxPageBytes = 50_000;

// The bundled content: real pages, with real report counts and text lengths.
let dist: string;
let pages: string[];
beforeAll(async () => {
  dist = await buildSiteFrom(projectRoot);
  pages = (await fg('**/*.html', { cwd: dist, ignore: ['_data/**'] })).sort();
});

const attributeValues = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]!);

describe('every built page', () => {
  it('weighs under 50 KB of HTML and CSS', async () => {
    expect(pages.length).toBeGreaterThan(50);
    const heavy: string[] = [];
    for (const page of pages) {
      const html = await readFile(path.join(dist, page), 'utf8');
      const stylesheets = attributeValues(html, /<link rel="stylesheet" href="([^"]+)"/g);
      const sizes = await Promise.all(stylesheets.map(async (href) => (await stat(path.join(dist, href))).size));
      const bytes = Buffer.byteLength(html) + sizes.reduce((sum, size) => sum + size, 0);
      if (bytes >= maxPageBytes) heavy.push(`${page}: ${bytes} bytes`);
    }
    expect(heavy).toEqual([]);
  });

  it('has no inline style or script, so the Content-Security-Policy can forbid them', async () => {
    const inline: string[] = [];
    for (const page of pages) {
      const html = await readFile(path.join(dist, page), 'utf8');
      if (/<style[\s>]/.test(html)) inline.push(`${page}: <style> element`);
      if (/\sstyle="/.test(html)) inline.push(`${page}: style attribute`);
      // JSON-LD is data the browser never runs; every other script must be a file.
      for (const script of html.match(/<script\b[^>]*>/g) ?? []) {
        if (!/\ssrc="/.test(script) && !/type="application\/ld\+json"/.test(script)) inline.push(`${page}: ${script}`);
      }
    }
    expect(inline).toEqual([]);
  });
});
