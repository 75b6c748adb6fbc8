import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { seededRandom } from '../../scripts/lib/synthetic-content.ts';
import { parseFrontmatter, type ParseResult } from '../../src/load/parse-frontmatter.ts';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const bundled = fg.sync('content/**/*.md', { cwd: projectRoot }).map((file) => readFileSync(path.join(projectRoot, file), 'utf8'));
const encode = (text: string) => new TextEncoder().encode(text);

/** Every path to a value inside `data`, each before the paths inside its value. */
function pathsOf(data: unknown, prefix: PropertyKey[] = []): PropertyKey[][] {
  if (typeof data !== 'object' || data === null) return [];
  return Object.entries(data).flatMap(([key, value]) => {
    const at = [...prefix, Array.isArray(data) ? Number(key) : key];
    return [at, ...pathsOf(value, at)];
  });
}

/** What a parse gives that a reader can see: its data and body, or its problems, and where each path is. */
function seen(result: ParseResult) {
  if (!result.ok) return result;
  const { data, body, locate, locateKey } = result.file;
  // Every path in the data, and two to fields no file has (located at their nearest parent).
  const located = [...pathsOf(data), ['missing'], ['source', 'missing']].map((at) => [at.join('.'), locate(at), locateKey(at)]);
  return { data: JSON.stringify(data), body, located };
}

/** One random edit of a file's frontmatter, of the kinds a hand or a merge makes. */
function edited(text: string, random: () => number): string {
  const lines = text.split('\n');
  // A line between the opening "---" (line 0) and the closing one.
  const closing = text.slice(0, text.indexOf('\n---', 3)).split('\n').length;
  const at = 1 + Math.floor(random() * (closing - 1));
  const line = lines[at] ?? '';
  const edits = [
    () => ` ${line}`,
    () => line.slice(1),
    () => `${line} # note`,
    () => `${line}\n${line}`,
    () => line.replace(/: "(.*)"$/, ': $1'),
    () => line.replace(/: (.*)$/, ': "$1'),
    () => line.replace(/: (.*)$/, ': &a $1'),
    () => line.replace(/: (.*)$/, ': !!str $1'),
    () => line.replace(/^( *)(\w+):/, '$1constructor:'),
    () => line.replace(/: .*$/, ': 1.50'),
    () => line.replace(/: .*$/, ': -.5'),
    () => line.replace(/: .*$/, ': 007'),
    () => line.replace(/: .*$/, ':'),
    () => `${line}\n  continued`,
    () => '<!--',
  ];
  lines[at] = edits[Math.floor(random() * edits.length)]!();
  return lines.join('\n');
}

describe('frontmatter in plain block style read line by line (parse-frontmatter.ts)', () => {
  it('gives every bundled file the fields, body and positions the full parser gives', () => {
    expect(bundled.length).toBeGreaterThan(4000);
    for (const text of bundled) {
      const bytes = encode(text);
      const quick = parseFrontmatter(bytes);
      expect(quick.ok).toBe(true);
      expect(seen(quick)).toEqual(seen(parseFrontmatter(bytes, { plain: false })));
      // The core schema's own reading, coordinates' decimals included.
      if (quick.ok) expect(quick.file.data).toEqual(parse(text.slice(4, text.indexOf('\n---', 3))));
    }
  });

  it('gives what the full parser gives, problems and positions included, after thousands of random edits', () => {
    const random = seededRandom(7);
    let refused = 0;
    for (let round = 0; round < 4000; round++) {
      const text = edited(bundled[Math.floor(random() * bundled.length)]!, random);
      const quick = parseFrontmatter(encode(text));
      expect(seen(quick), text).toEqual(seen(parseFrontmatter(encode(text), { plain: false })));
      if (!quick.ok) refused++;
    }
    // Not a test of edits that change nothing: some break the file, most leave it readable.
    expect(refused).toBeGreaterThan(200);
    expect(refused).toBeLessThan(3000);
  });
});
