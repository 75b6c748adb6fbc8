import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { operationOrder } from '../../src/api/api-operations.ts';
import { projectRoot } from '../support/build.ts';

/**
 * An operation's id is written once, in its own declaration (src/api/operations/<name>.ts),
 * and listed by the table (src/api/api-operations.ts). Everything else names it through
 * `operationIds.<id>` or `apiOperations.<id>`, which the compiler checks: renaming an operation
 * then cannot leave a stale name in a route, a page, a prompt or a comment.
 */
describe('operation ids', () => {
  it('are written only in their own declaration and the table', async () => {
    const files = await fg(['src/**/*.ts', 'src/**/*.astro'], { cwd: projectRoot });
    const table = 'src/api/api-operations.ts';
    const wrong: string[] = [];
    for (const file of files.sort()) {
      const text = await readFile(path.join(projectRoot, file), 'utf8');
      for (const id of operationOrder) {
        // A bare mention: not a property of operationIds or apiOperations (nor part of a longer word).
        const mention = new RegExp(`(?<![\\w.])${id}(?!\\w)`, 'g');
        const declaresIt = file.startsWith('src/api/operations/') && new RegExp(`operationId: '${id}'`).test(text);
        if (file === table || declaresIt) continue;
        for (const match of text.matchAll(mention)) {
          const line = text.slice(0, match.index).split('\n').length;
          wrong.push(`${file}:${line} writes ${id}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
