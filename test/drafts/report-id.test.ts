import { describe, expect, it } from 'vitest';
import { newReportId, reportIdAlphabet } from '../../src/drafts/report-id.ts';
import { reportIdPattern } from '../../src/schema/report-frontmatter.ts';

describe('new report ids', () => {
  it('are 10 characters without look-alike letters, valid as report file names', () => {
    for (let index = 0; index < 200; index++) {
      const id = newReportId(new Set());
      expect(id).toMatch(/^[abcdefghjkmnpqrstuvwxyz23456789]{10}$/);
      expect(id).toMatch(reportIdPattern);
    }
  });

  it('are drawn again when the first draw is already taken', () => {
    const draws = [new Uint8Array(10).fill(0), new Uint8Array(10).fill(1)];
    const id = newReportId(new Set(['aaaaaaaaaa']), () => draws.shift()!);
    expect(id).toBe('bbbbbbbbbb');
  });

  it('skip random bytes that would favour some letters over others', () => {
    // 248 and above would wrap around the 31-letter alphabet unevenly.
    const draws = [Uint8Array.from([255, 248, 0, 1, 2, 3, 4, 5, 6, 7]), Uint8Array.from([8, 9, 0, 0, 0, 0, 0, 0, 0, 0])];
    expect(newReportId(new Set(), () => draws.shift()!)).toBe(`${reportIdAlphabet.slice(0, 10)}`);
  });
});
