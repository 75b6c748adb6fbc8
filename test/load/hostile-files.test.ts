import { symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/load/load-content.ts';
import { parseFrontmatter } from '../../src/load/parse-frontmatter.ts';
import { formatProblem } from '../../src/load/problem.ts';
import { validLandmark, validReport, writeContentTree } from '../support/content-files.ts';
import { reportBodiesIn } from '../../src/load/report-bodies.ts';

const now = new Date('2026-11-20T12:00:00Z');
const encode = (text: string) => new TextEncoder().encode(text);

async function problemsOf(files: Record<string, string | Uint8Array>): Promise<string[]> {
  const root = await writeContentTree(files);
  const { problems } = await loadContent({ root, now, readCommitTimes: false });
  return problems.map(formatProblem);
}

describe('a hostile or broken file is a located problem, never a crash or a hang', () => {
  it('survives any text or bytes at all', () => {
    const anyText = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 400 }),
      fc.string({ unit: fc.constantFrom('-', ':', ' ', '\n', '"', "'", '[', '{', '&', '*', '!', '#', 'a', '|', '>', '<', '\t'), maxLength: 300 }),
    );
    fc.assert(
      fc.property(anyText, (text) => {
        for (const candidate of [text, `---\n${text}\n---\n`, `---\n${text}`]) {
          const result = parseFrontmatter(encode(candidate));
          if (!result.ok) expect(result.problems.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 400 },
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(() => parseFrontmatter(bytes)).not.toThrow();
      }),
    );
  });

  it('reports brackets nested deeper than the parser can follow, quickly', () => {
    const started = performance.now();
    const result = parseFrontmatter(encode(`---\nname: ${'['.repeat(30_000)}\n---\n`));
    expect(result).toEqual({
      ok: false,
      problems: [expect.objectContaining({ field: 'yaml', message: expect.stringMatching(/nested too deeply/) })],
    });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('stays fast on thousands of unclosed comments in a body', () => {
    const started = performance.now();
    const result = parseFrontmatter(encode(`---\nname: x\n---\n${'<!--'.repeat(16_000)}`));
    expect(result.ok).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses symbolic links instead of following them out of the repository', async () => {
    const root = await writeContentTree({ 'content/landmarks/eiffel-tower.md': validLandmark() });
    await writeFile(path.join(root, 'secret.txt'), '---\nname: leaked\n---\n');
    await symlink(path.join(root, 'secret.txt'), path.join(root, 'content/landmarks/big-ben.md'));
    await symlink(root, path.join(root, 'content/reports'));
    const { problems } = await loadContent({ root, now, readCommitTimes: false });
    expect(problems.map(formatProblem)).toEqual([
      'content/landmarks/big-ben.md:1:1 file: expected a regular file; got a symbolic link (replace it with the file itself)',
      'content/reports:1:1 file: expected a regular file; got a symbolic link (replace it with the file itself)',
    ]);
  });

  it('refuses a content folder that is a symbolic link, reading nothing through it', async () => {
    const elsewhere = await writeContentTree({ 'content/landmarks/eiffel-tower.md': validLandmark() });
    const root = await writeContentTree({});
    await symlink(path.join(elsewhere, 'content'), path.join(root, 'content'));
    const { problems, content } = await loadContent({ root, now, readCommitTimes: false });
    expect(problems.map(formatProblem)).toContain('content:1:1 file: expected a folder; got a symbolic link (replace it with the folder itself)');
    expect(content.landmarks).toEqual([]);
  });
});

describe('landmark slugs are unique however they are written', () => {
  it('reports two files that differ only in case, where the file system allows both', async () => {
    const root = await writeContentTree({ 'content/landmarks/eiffel-tower.md': validLandmark(), 'content/landmarks/Eiffel-Tower.md': validLandmark('Eiffel Tower', 'Q1') });
    const { problems } = await loadContent({ root, now, readCommitTimes: false });
    const lines = problems.map(formatProblem);
    expect(lines).toContain(
      'content/landmarks/Eiffel-Tower.md:1:1 file: expected one file per landmark; got content/landmarks/eiffel-tower.md as well, which is also "eiffel-tower" once case and punctuation are ignored (keep one file, eiffel-tower.md, and merge the others into it)',
    );
    expect(lines).toContain(
      'content/landmarks/eiffel-tower.md:1:1 file: expected one file per landmark; got content/landmarks/Eiffel-Tower.md as well, which is also "eiffel-tower" once case and punctuation are ignored (keep one file, eiffel-tower.md, and merge the others into it)',
    );
  });
});

describe('dates are judged the way a traveller anywhere means them', () => {
  it('accepts a date that is already today in the earliest time zone, and refuses the day after', async () => {
    const landmark = { 'content/landmarks/eiffel-tower.md': validLandmark() };
    expect(await problemsOf({ ...landmark, 'content/reports/eiffel-tower/k3x9m2p4qa.md': validReport({ observedAt: '2026-11-21' }) })).toEqual([]);
    expect(await problemsOf({ ...landmark, 'content/reports/eiffel-tower/k3x9m2p4qa.md': validReport({ observedAt: '2026-11-22' }) })).toEqual([
      'content/reports/eiffel-tower/k3x9m2p4qa.md:4:13 observedAt: expected a date not in the future (at most 2026-11-21, today in the earliest time zone); got "2026-11-22"',
    ]);
  });

  it('compares a date-time to the exact moment', async () => {
    expect(
      await problemsOf({ 'content/landmarks/eiffel-tower.md': validLandmark(), 'content/reports/eiffel-tower/k3x9m2p4qa.md': validReport({ observedAt: '2026-11-20T13:00:00Z' }) }),
    ).toEqual(['content/reports/eiffel-tower/k3x9m2p4qa.md:4:13 observedAt: expected a time not in the future (it is now 2026-11-20T12:00:00Z); got "2026-11-20T13:00:00Z"']);
  });
});

describe('template guidance in comments', () => {
  it('is accepted and left out of the published text', async () => {
    const root = await writeContentTree({
      'content/landmarks/eiffel-tower.md': validLandmark(),
      'content/reports/eiffel-tower/k3x9m2p4qa.md': `---\n# yaml-language-server: $schema=../../../schemas/report-frontmatter.schema.json\n${validReport().slice(4).replace('Details.', '<!--\nWhat to write here.\n-->\nDetails <!-- inline --> here.')}`,
    });
    const { problems } = await loadContent({ root, now, readCommitTimes: false });
    expect(problems).toEqual([]);
    expect(reportBodiesIn(root)({ id: 'k3x9m2p4qa', landmark: { slug: 'eiffel-tower' } })).toBe('Details  here.');
  });
});
