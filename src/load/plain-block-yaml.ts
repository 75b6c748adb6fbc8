import { Schema } from 'yaml';

/**
 * The data of a YAML text written in the plain block style that yaml's `stringify` gives (as
 * `npm run watch` writes content/watch/checks.yaml): nested block mappings and sequences, one
 * scalar per line, plain, single- or double-quoted, and whole-line comments. Undefined for any
 * other text, which the full parser then reads (yaml-data-file.ts; parse-frontmatter.ts reads
 * content files' frontmatter with it too).
 *
 * Why: the full parser builds a node with positions for every value. At 100,000 watched landmarks
 * checks.yaml is 73 MB, which it took 11.6 s and a gigabyte of heap to read, on the build's thread,
 * after every run of the watch; this reads it line by line into the values alone.
 *
 * It gives what the full parser's toJS gives (YAML 1.2's core schema, keys as strings) or nothing:
 * whatever it is not sure of, it declines rather than guesses. A key given twice, a value it would
 * have to type other than as a string, a small whole number or a plain decimal, an anchor, tag,
 * flow collection other than `{}` and `[]`, block scalar, multi-line scalar, comment after a
 * value, tab, carriage return or indentation that does not line up: all are left to the full
 * parser, which says what is wrong, where.
 */

/** Nothing this reading is sure of: the full parser decides. */
class Declined extends Error {}

const decline = (): never => {
  throw new Declined();
};

/**
 * The core schema's tests for a plain scalar it reads as other than a string (null, booleans, whole
 * numbers, floats), taken from the parser itself so both agree: such a scalar is left to the parser.
 */
const notAString: readonly RegExp[] = new Schema({ schema: 'core' }).tags.flatMap((tag) => ('test' in tag && tag.test instanceof RegExp ? [tag.test] : []));

/** Deeper than this, the full parser reads the file (the watch's records are four levels deep). */
const maxDepth = 32;

/** A whole number written as the schema writes it, exact as a double: read here. */
const smallWholeNumber = /^(?:0|-?[1-9][0-9]{0,14})$/;

/**
 * A decimal written as a landmark's coordinates are (43.38252778, -4.116166667): the schema reads
 * it with parseFloat, as this does. Its other ways of writing a float (".5", "1.", "+1.5", "1e3",
 * ".inf") are left to it.
 */
const decimal = /^-?(?:0|[1-9][0-9]*)\.[0-9]+$/;

/** Characters a plain scalar may not start with (YAML 1.2's indicators), and the ways it could hold a comment, a mapping or a trailing space. */
const indicatorFirst = /^[-?:,[\]{}#&*!|>'"%@`]/;
const notPlain = /: |:$| #|\s$/;

/** The value of one scalar as written after a key or a sequence's dash. */
function scalarOf(text: string): unknown {
  if (/^\s/.test(text)) decline(); // "key:  value": the parser trims what this would keep
  if (text === '{}') return {};
  if (text === '[]') return [];
  if (text.startsWith('"')) {
    // JSON's escapes mean in YAML what they mean in JSON; YAML's others make JSON.parse fail, and the parser reads them.
    try {
      const value: unknown = JSON.parse(text);
      return typeof value === 'string' ? value : decline();
    } catch {
      return decline();
    }
  }
  if (text.startsWith("'")) {
    const inner = text.slice(1, -1);
    if (text.length < 2 || !text.endsWith("'") || /'(?!')/.test(inner.replace(/''/g, ''))) decline();
    return inner.replace(/''/g, "'");
  }
  if (smallWholeNumber.test(text)) return Number(text);
  if (decimal.test(text)) return parseFloat(text);
  if (indicatorFirst.test(text) || notPlain.test(text) || notAString.some((test) => test.test(text))) decline();
  return text;
}

/** A mapping's key: a plain scalar that is a string (at most 1,024 characters, as YAML's implicit keys are). */
function keyOf(text: string): string {
  if (text.length === 0 || text.length > 1024 || text.startsWith('"') || text.startsWith("'")) decline();
  const key = scalarOf(text);
  return typeof key === 'string' ? key : decline();
}

export function plainBlockYaml(text: string): Record<string, unknown> | undefined {
  // Only line feeds and what YAML counts as printable: no tab, carriage return or byte-order mark.
  if (/\uFEFF/.test(text) || /[^\n\x20-\x7E\x85\xA0-\uD7FF\uD800-\uDFFF\uE000-\uFFFD]/.test(text)) return undefined;
  // Blank lines and whole-line comments say nothing; a document marker or directive is left to the parser.
  const lines = text.split('\n').filter((line) => !/^ *(?:#.*)?$/.test(line));
  if (lines.some((line) => /^(?:---|\.\.\.|%)/.test(line))) return undefined;
  let next = 0;
  let depth = 0;
  const indentOf = (line: string) => line.length - line.trimStart().length;

  /** The block whose first line is the next one, at `indent`: a sequence when it starts with a dash, otherwise a mapping. */
  const block = (indent: number): unknown => {
    // A file nested deeper than any data file is would only test the stack.
    if (++depth > maxDepth) decline();
    try {
      return /^-(?: |$)/.test(lines[next]!.slice(indent)) ? sequence(indent) : mapping(indent);
    } finally {
      depth--;
    }
  };

  /** What follows a key or a dash with nothing after it on its line: a block indented further (or, after a key, a sequence at the key's own indent). */
  const nested = (indent: number, sequenceAtSameIndent: boolean): unknown => {
    const line = lines[next];
    if (line === undefined) return decline(); // an empty value: null to the parser
    const deeper = indentOf(line);
    if (deeper > indent) return block(deeper);
    if (deeper === indent && sequenceAtSameIndent && /^-(?: |$)/.test(line.slice(indent))) return sequence(indent);
    return decline();
  };

  const mapping = (indent: number): Record<string, unknown> => {
    const map: Record<string, unknown> = {};
    while (next < lines.length) {
      const line = lines[next]!;
      const at = indentOf(line);
      if (at < indent) break;
      if (at > indent || /^-(?: |$)/.test(line.slice(indent))) decline();
      const entry = line.slice(indent);
      const separator = entry.indexOf(': ');
      const key = keyOf(separator === -1 ? (entry.endsWith(':') ? entry.slice(0, -1) : decline()) : entry.slice(0, separator));
      if (Object.hasOwn(map, key) || key === '__proto__') decline();
      next++;
      map[key] = separator === -1 ? nested(indent, true) : scalarOf(entry.slice(separator + 2));
    }
    return map;
  };

  const sequence = (indent: number): unknown[] => {
    const items: unknown[] = [];
    while (next < lines.length) {
      const line = lines[next]!;
      const at = indentOf(line);
      if (at < indent) break;
      if (at > indent || !/^-(?: |$)/.test(line.slice(indent))) decline();
      const content = line.slice(indent + 2);
      if (content === '') {
        next++;
        items.push(nested(indent, false));
      } else if (/^-(?: |$)/.test(content) || (/: |:$/.test(content) && !/^["']/.test(content))) {
        // "- - x" or "- key: x": a block that starts on the dash's line, as if that line were indented to it.
        lines[next] = ' '.repeat(indent + 2) + content;
        items.push(block(indent + 2));
      } else {
        next++;
        items.push(scalarOf(content));
      }
    }
    return items;
  };

  try {
    if (lines.length === 0 || indentOf(lines[0]!) !== 0) return undefined;
    const data = block(0);
    if (next < lines.length || typeof data !== 'object' || Array.isArray(data)) return undefined;
    return data as Record<string, unknown>;
  } catch (error) {
    if (error instanceof Declined) return undefined;
    throw error;
  }
}
