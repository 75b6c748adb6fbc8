import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkContentFile } from '../../src/load/check-content-file.ts';
import { landmarkFilePath, landmarkFileText } from '../../src/drafts/landmark-file-text.ts';
import { reportFilePath, reportFileText } from '../../src/drafts/report-file-text.ts';
import { conditions } from '../../src/schema/conditions.ts';

const encode = (text: string) => new TextEncoder().encode(text);
/** Free text as contributors type it: any characters that can be typed on one line, YAML-significant ones included. */
const oneLine = fc
  .string({ unit: fc.oneof(fc.constantFrom(':', '#', '"', "'", '\\', '- ', '&', '*', '!', '%', '@', '`', '{', '[', ' ', 'é', '漢', '😀'), fc.constantFrom('a', 'Z', '1')), minLength: 1, maxLength: 120 })
  .filter((text) => text.trim() !== '' && text.trim() === text);

describe('scaffolded file text', () => {
  it('keeps any summary and source name exactly as typed, in a report that validates', () => {
    fc.assert(
      fc.property(fc.constantFrom(...conditions), oneLine, oneLine, (condition, summary, name) => {
        const file = reportFilePath('eiffel-tower', 'k3x9m2p4qa');
        const text = reportFileText({ landmarkSlug: 'eiffel-tower', id: 'k3x9m2p4qa', condition, summary, observedAt: '2026-01-05', source: { kind: 'traveller', name } });
        const outcome = checkContentFile(file, encode(text));
        expect(outcome.problems).toEqual([]);
        expect(outcome.report!.frontmatter).toMatchObject({ condition, summary, source: { name } });
      }),
      { numRuns: 300 },
    );
  });

  it('keeps any name, alias and city exactly as typed, in a landmark that validates', () => {
    fc.assert(
      fc.property(oneLine, oneLine, oneLine, (name, alias, city) => {
        const text = landmarkFileText({ slug: 'big-ben', name, aliases: [alias], city, country: 'GB', lat: 51.5, lon: -0.12, wikidata: 'Q41225' });
        const outcome = checkContentFile(landmarkFilePath('big-ben'), encode(text));
        expect(outcome.problems).toEqual([]);
        expect(outcome.landmark!.frontmatter).toMatchObject({ name, aliases: [alias], location: { city } });
      }),
      { numRuns: 300 },
    );
  });
});
