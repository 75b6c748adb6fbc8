import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortsBefore } from '../../src/kept/database.ts';

describe('the order of the kept database keys', () => {
  it('is the order of their UTF-8 bytes, as SQLite sorts text, for characters past U+FFFF too', () => {
    // Strings of the characters around the boundaries, or of any code points.
    const text = fc.oneof(fc.string({ unit: fc.constantFrom('a', 'b', '\u{e000}', '\u{ffff}', '\u{10000}', '\u{1f600}'), maxLength: 6 }), fc.string({ unit: 'binary', maxLength: 6 }));
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(sortsBefore(a, b)).toBe(Buffer.compare(Buffer.from(a), Buffer.from(b)) < 0);
      }),
      { numRuns: 2000 },
    );
    // Where JavaScript's own order differs: U+1F600 is a surrogate pair, below U+E000 as UTF-16.
    expect('\u{1f600}' < '\u{e000}').toBe(true);
    expect(sortsBefore('\u{1f600}', '\u{e000}')).toBe(false);
  });
});
