import { describe, expect, it } from 'vitest';
import { parseDocument, stringify } from 'yaml';
import { seededRandom } from '../../scripts/lib/synthetic-content.ts';
import { plainBlockYaml } from '../../src/load/plain-block-yaml.ts';
import { repeatedKeys } from '../../src/load/repeated-keys.ts';

/** What the full parser makes of a text, as a data file is read (yaml-data-file.ts); undefined when it finds any problem. */
function fullParse(text: string): unknown {
  const document = parseDocument(text, { schema: 'core', uniqueKeys: false });
  if (document.errors.length > 0 || repeatedKeys(document).length > 0) return undefined;
  return document.toJS({ maxAliasCount: 0 });
}

/** The reading is right when it gives what the full parser gives, key order and types included, or declines. */
function expectAgreement(text: string): boolean {
  const quick = plainBlockYaml(text);
  if (quick === undefined) return false;
  expect(JSON.stringify(quick), text).toBe(JSON.stringify(fullParse(text)));
  return true;
}

const awkward = ['a: b', 'a #b', 'x#y', "it's", '"quoted"', 'back\\slash', 'tab\there', 'line\nbreak', ' lead', 'trail ', '', '~', 'null', 'true', 'False', 'yes', 'no', '0x1F', '0o17', '007', '1e3', '.inf', '-.5', '12', '-3', '-0', '1.', '+1.5', '-0.0', '1.50', '00.5', '43.38252778', '-4.116166667', '2026-11-01', '2026-11-01T06:00:00Z', '- dash', '? q', '& amp', '*star', '!bang', '|pipe', '>fold', '%pct', '@at', '`tick', '{}', '[]', '[a, b]', 'é à ü — “ok”', '😀', 'https://example.org/a?b=c&d=e#f', 'ical:https://x.org/c.ics', '__proto__', 'a'.repeat(1100)];

/** A random value built of awkward strings, numbers, and nested mappings and sequences. */
function randomValue(random: () => number, depth: number): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const roll = random();
  if (depth > 0 && roll < 0.3) return Object.fromEntries(Array.from({ length: Math.floor(random() * 4) }, () => [pick(awkward).slice(0, 40) || 'k', randomValue(random, depth - 1)]));
  if (depth > 0 && roll < 0.5) return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth - 1));
  if (roll < 0.55) return Math.floor(random() * 1000) - (random() < 0.2 ? 500 : 0);
  if (roll < 0.6) return Number((random() * 360 - 180).toFixed(1 + Math.floor(random() * 9))); // as coordinates are written
  if (roll < 0.65) return random() < 0.5 ? null : random() < 0.5;
  return pick(awkward);
}

/** One random edit of a text, of the kinds a hand or a merge makes. */
function mutated(text: string, random: () => number): string {
  const lines = text.split('\n');
  const at = Math.floor(random() * lines.length);
  const line = lines[at]!;
  const edits = [
    () => ` ${line}`,
    () => line.slice(1),
    () => `${line} # note`,
    () => `${line}\n${line}`,
    () => line.replace(': ', ':  '),
    () => line.replace(': ', ':'),
    () => line.replace(/^( *)/, '$1\t'),
    () => `${line}\r`,
    () => line.replace(/: (.*)$/, ': &a $1'),
    () => line.replace(/: (.*)$/, ': !!str $1'),
    () => line.replace(/: ["'](.*)["']$/, ': $1'),
    () => `${line}\n${' '.repeat(line.length - line.trimStart().length + 2)}continued`,
    () => line.replace(/- /, ''),
    () => '---',
  ];
  lines[at] = edits[Math.floor(random() * edits.length)]!();
  return lines.join('\n');
}

describe('the plain reading of block YAML (plain-block-yaml.ts)', () => {
  it("reads the watch's check records as the full parser does, closures, errors and every method's key included", () => {
    const check = { method: 'ical', url: 'https://example.org/hours.ics?week=1&lang=en', checkedAt: '2026-11-01T06:00:00Z', outcome: 'ok', items: 3, lastSuccessAt: '2026-11-01T06:00:00Z', closures: [['2026-12-24', '2026-12-26'], ['2027-01-01', '2027-01-01']] };
    const failed = { method: 'nps', url: 'https://developer.nps.gov/api/v1/alerts?parkCode=grca', checkedAt: '2026-11-01T06:00:00Z', outcome: 'failed', items: 0, error: 'HTTP 503: "Service Unavailable" # retried 3 times, then gave up — it said: try later' };
    const records = {
      checks: {
        'eiffel-tower': { 'ical:https://example.org/hours.ics?week=1&lang=en': check, wikidata: { method: 'wikidata', url: 'https://query.wikidata.org/sparql?format=json&query=SELECT%20%3Fx', checkedAt: '2026-11-01T06:00:00Z', outcome: 'empty', items: 0 } },
        'grand-canyon': { 'nps:grca': failed, 'jsonld:https://example.org/': { ...check, method: 'jsonld', closures: [] } },
        '1-world-trade-center': {},
      },
    };
    const text = `# Written by npm run watch (the scheduled workflow commits it); do not edit by hand.\n${stringify(records, { lineWidth: 0 })}`;
    expect(plainBlockYaml(text)).toEqual(records);
    expect(expectAgreement(text)).toBe(true);
    expect(plainBlockYaml('coordinates:\n  lat: 43.38252778\n  lon: -4.116166667\nfloor: -3\n')).toEqual({ coordinates: { lat: 43.38252778, lon: -4.116166667 }, floor: -3 });
    expect(plainBlockYaml('retrievedAt: 2026-11-01\nsitelinks:\n  Q243: 120\n  Q9188: 80\n')).toEqual({ retrievedAt: '2026-11-01', sitelinks: { Q243: 120, Q9188: 80 } });
  });

  it('declines what it is not sure of, for the full parser to read or to locate as a problem', () => {
    const declined = [
      'a: 1\na: 2\n', // a key given twice
      'a: &x 1\nb: *x\n', // anchor and alias
      'a: !!str 1\n', // a tag
      'a: {b: 1}\n', // a flow mapping
      'a: |\n  text\n', // a block scalar
      'a: one\n  two\n', // a plain scalar over two lines
      'a: 1 # note\n', // a comment after a value
      'a:\n\tb: 1\n', // a tab
      'a: 1\r\nb: 2\r\n', // Windows line ends
      'a:\n  b: 1\n c: 2\n', // indentation that does not line up
      'a: yes\nb: 0x1F\n', // a number the schema reads other than as written
      'a: 1e3\n',
      'a: .5\n', // a float written other than as a plain decimal
      'a: 1.\n',
      'a: +1.5\n',
      'a: 007\n',
      'a: null\n',
      'a: ~\n',
      'a:\n', // an empty value
      '- a\n- b\n', // not a mapping
      '---\na: 1\n', // a document marker
      '"a": 1\n', // a quoted key
      '__proto__: 1\n',
      'a:  b\n', // two spaces after the colon
      'a: b\u007f\n', // a character YAML does not count as printable
      Array.from({ length: 40 }, (_, level) => `${' '.repeat(level)}k:`).join('\n') + `\n${' '.repeat(40)}v: 1\n`, // nested past any data file
    ];
    for (const text of declined) expect(plainBlockYaml(text), text).toBeUndefined();
  });

  it('agrees with the full parser on thousands of random documents, or declines them, as written and after random edits', () => {
    const random = seededRandom(46);
    let read = 0;
    let edited = 0;
    for (let round = 0; round < 3000; round++) {
      const value = { top: randomValue(random, 4), [`k${round}`]: randomValue(random, 3) };
      const text = stringify(value, { lineWidth: 0, indent: random() < 0.5 ? 2 : 4, indentSeq: random() < 0.7 });
      if (expectAgreement(text)) read++;
      if (expectAgreement(mutated(text, random))) edited++;
    }
    // Not a test of declining everything: over a third of the texts as yaml writes them are read
    // here (the rest hold values the schema types, or quoted with YAML's own escapes), and one in
    // ten after an edit.
    expect(read).toBeGreaterThan(1000);
    expect(edited).toBeGreaterThan(300);
  });
});
