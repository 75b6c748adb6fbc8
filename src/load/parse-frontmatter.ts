import { isMap, isScalar, LineCounter, parseDocument, visit, type Document, type Node, type Pair } from 'yaml';
import { plainBlockYaml } from './plain-block-yaml.ts';
import { startOfFile, type Position } from './problem.ts';
import { describeYamlError } from './yaml-error-hints.ts';

/** Files larger than this are refused unread: a report is a few hundred words. */
export const maxFileBytes = 64 * 1024;

/** Keys that would reach an object's prototype if anything ever merged frontmatter naively. */
const forbiddenKeys = new Set(['__proto__', 'constructor', 'prototype']);

/** A broken file's YAML errors cascade; past a few, more lines of them only hide the first. */
const maxYamlErrorsPerFile = 3;

export interface FileProblem {
  position: Position;
  field: string;
  message: string;
}

export interface ParsedFile {
  data: Record<string, unknown>;
  /** The Markdown after the frontmatter, without `<!-- -->` comments (template guidance is not published). */
  body: string;
  /** Where the value at `path` starts; for a missing value, where its nearest parent starts. */
  locate(path: readonly PropertyKey[]): Position;
  /** Where the key (not the value) at `path` starts, for problems with a field's name. */
  locateKey(path: readonly PropertyKey[]): Position;
}

export type ParseResult = { ok: true; file: ParsedFile } | Failure;

type Failure = { ok: false; problems: FileProblem[] };

function fail(message: string, position: Position = startOfFile, field = 'file'): Failure {
  return { ok: false, problems: [{ position, field, message }] };
}

const openingLine = /^---[ \t]*\n/;
/** The closing delimiter is a line of exactly three dashes; "----" or "--- x" inside the YAML is not one. */
const closingLine = /^---[ \t]*$/m;

function lineOfOffset(text: string, offset: number): number {
  let line = 1;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) line++;
  return line;
}

/**
 * Removes HTML comments from a body, as GitHub does when it shows Markdown: scaffolded files carry
 * their guidance in comments, and the site renders raw HTML as text. Scans with indexOf, not a
 * regular expression, so a file full of unclosed "<!--" cannot make it slow.
 */
function stripComments(body: string): { text: string; unclosedAt?: number } {
  let text = '';
  let from = 0;
  for (;;) {
    const open = body.indexOf('<!--', from);
    if (open === -1) return { text: text + body.slice(from) };
    const close = body.indexOf('-->', open + 4);
    if (close === -1) return { text: text + body.slice(from), unclosedAt: open };
    text += body.slice(from, open);
    from = close + 3;
  }
}

/** "!!binary" rather than "tag:yaml.org,2002:binary", as the contributor wrote it. */
const shortTag = (tag: string): string => tag.replace(/^tag:yaml\.org,2002:/, '!!');

/** A file's text as the parser reads it; undefined when its bytes are not UTF-8. */
function textOf(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  // A byte-order mark or Windows line ends are harmless; line numbers stay the same without them.
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/** The body as the site publishes it: without comments, leading blank lines and trailing space. */
const publishedBody = (withoutComments: string): string => withoutComments.replace(/^\n+/, '').trimEnd();

/**
 * The published body of a file that parseFrontmatter accepted, without parsing its YAML again:
 * the build keeps no bodies in memory and reads each one when it writes a file holding it.
 * Undefined when the file is no longer one the parser would accept (it changed since).
 */
export function bodyOfContentFile(bytes: Uint8Array): string | undefined {
  const text = bytes.byteLength > maxFileBytes || bytes.includes(0) ? undefined : textOf(bytes);
  const frontmatterStart = text === undefined ? undefined : openingLine.exec(text)?.[0].length;
  if (text === undefined || frontmatterStart === undefined) return undefined;
  const closing = closingLine.exec(text.slice(frontmatterStart));
  if (!closing) return undefined;
  const body = stripComments(text.slice(frontmatterStart + closing.index + closing[0].length + 1));
  return body.unclosedAt === undefined ? publishedBody(body.text) : undefined;
}

/**
 * Splits a content file into YAML frontmatter and Markdown body and parses the YAML with positions.
 * Everything a hostile or broken file can do is turned into a located problem, never an exception.
 * Its phases, in order: the bytes must be text; the text must hold frontmatter between "---" lines;
 * the YAML is parsed; its errors, any YAML construct a content file may not use and an unclosed
 * comment in the body are all reported together; the YAML must be a set of fields. Frontmatter
 * in plain block style is read line by line instead, and parsed fully only to locate a problem
 * (plainFields); `plain: false` parses it fully at once, for the tests that compare the two.
 */
export function parseFrontmatter(bytes: Uint8Array, { plain: readPlain = true }: { plain?: boolean } = {}): ParseResult {
  const text = checkedText(bytes);
  if (typeof text !== 'string') return text;
  const parts = splitFrontmatter(text);
  if ('problems' in parts) return parts;
  const body = stripComments(text.slice(parts.bodyStart));
  // Plain frontmatter is parsed fully only when a problem the schema finds needs a position.
  let yaml: ParsedYaml | undefined;
  const parsed = () => (yaml ??= parseYaml(parts.frontmatter));
  let data = readPlain && body.unclosedAt === undefined ? plainFields(parts.frontmatter) : undefined;
  if (!data) {
    const problems = [...yamlErrors(parsed()), ...disallowedYaml(parsed()), ...unclosedComment(text, parts.bodyStart, body)];
    if (problems.length > 0) return { ok: false, problems };
    const fields = fieldsOf(parsed());
    if ('problems' in fields) return fields;
    data = fields.fields;
  }
  return {
    ok: true,
    file: {
      data,
      body: publishedBody(body.text),
      locate: (path) => locateNode(parsed(), path, false),
      locateKey: (path) => locateNode(parsed(), path, true),
    },
  };
}

/**
 * The fields of frontmatter written in plain block style (plain-block-yaml.ts), as the full parser
 * would give them; undefined for any other, and for one that names a field reaching a prototype,
 * which the full parser then reports with its position.
 *
 * Why: the full parser builds a node with a position for every value, which took two fifths of a
 * parse worker's time at 100,000 reports; a content file is almost always plain, and read
 * line by line in a tenth of that.
 */
function plainFields(frontmatter: string): Record<string, unknown> | undefined {
  const data = plainBlockYaml(frontmatter);
  return data && Object.keys(data).length > 0 && !reachesPrototype(data) ? data : undefined;
}

/** Whether any mapping in `value` has a key that would reach an object's prototype. */
function reachesPrototype(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(reachesPrototype);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, inner]) => forbiddenKeys.has(key) || reachesPrototype(inner));
}

/** The file's text, or why its bytes are not a content file's: too large, binary, not UTF-8. */
function checkedText(bytes: Uint8Array): string | Failure {
  if (bytes.byteLength > maxFileBytes) {
    return fail(`file is ${bytes.byteLength} bytes; expected at most ${maxFileBytes} bytes (move long text to the source it cites)`);
  }
  if (bytes.includes(0)) return fail('expected a UTF-8 text file; got binary data (a NUL byte)');
  const text = textOf(bytes);
  if (text === undefined) return fail('expected a UTF-8 text file; got bytes that are not valid UTF-8 (save the file as UTF-8)');
  return text;
}

/** The frontmatter's text and where the body starts, or where the "---" lines around it are missing. */
function splitFrontmatter(text: string): { frontmatter: string; bodyStart: number } | Failure {
  const opening = openingLine.exec(text);
  if (!opening) {
    return fail('expected the file to start with a "---" line opening the YAML frontmatter; got no frontmatter (add "---" lines above and below the fields)');
  }
  const frontmatterStart = opening[0].length;
  const closing = closingLine.exec(text.slice(frontmatterStart));
  if (!closing) {
    // "----" or "--- end" is the usual near miss: point at it rather than at the opening line.
    const nearMiss = /^---.*$/m.exec(text.slice(frontmatterStart));
    if (nearMiss) {
      return fail(
        `expected a closing line of exactly three dashes "---"; got "${nearMiss[0]}" (the frontmatter opened on line 1 is never closed)`,
        { line: lineOfOffset(text, frontmatterStart + nearMiss.index), column: 1 },
      );
    }
    return fail('expected a closing "---" line after the frontmatter opened on line 1; got none (add a line of three dashes after the last field)');
  }
  return {
    frontmatter: text.slice(frontmatterStart, frontmatterStart + closing.index),
    bodyStart: frontmatterStart + closing.index + closing[0].length + 1,
  };
}

/** The frontmatter starts on the file's second line, after the opening "---". */
const frontmatterFirstLine = 2;

/** The parsed frontmatter, with its text and a way to turn an offset in it into a position in the file. */
interface ParsedYaml {
  text: string;
  document: Document.Parsed;
  toFilePosition(offset: number): Position;
}

function parseYaml(text: string): ParsedYaml {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, schema: 'core', uniqueKeys: true, prettyErrors: false });
  const toFilePosition = (offset: number): Position => {
    const { line, col } = lineCounter.linePos(offset);
    return { line: line + frontmatterFirstLine - 1, column: col };
  };
  return { text, document, toFilePosition };
}

/** YAML's own errors, at most one per line and a few per file, with hints in plain words. */
function yamlErrors({ document, toFilePosition }: ParsedYaml): FileProblem[] {
  /** The start of the quoted value an unclosed quote opens: YAML only notices at the end of the frontmatter. */
  const openingQuoteBefore = (offset: number): number => {
    let start = offset;
    visit(document, {
      Scalar(_, scalar) {
        const [from, to] = scalar.range ?? [0, 0];
        if ((scalar.type === 'QUOTE_DOUBLE' || scalar.type === 'QUOTE_SINGLE') && from <= offset && offset <= to) start = from;
      },
    });
    return start;
  };
  const problems: FileProblem[] = [];
  const linesWithYamlErrors = new Set<number>();
  for (const error of document.errors) {
    const unclosedQuote = error.code === 'MISSING_CHAR' && /quote/.test(error.message);
    const position = toFilePosition(unclosedQuote ? openingQuoteBefore(error.pos[0]) : error.pos[0]);
    // One error per line: YAML reports a single mistake several times as the parser recovers.
    if (linesWithYamlErrors.has(position.line)) continue;
    if (linesWithYamlErrors.size === maxYamlErrorsPerFile) break;
    linesWithYamlErrors.add(position.line);
    problems.push({ position, field: 'yaml', message: describeYamlError(error) });
  }
  return problems;
}

/**
 * Text without which YAML can hold none of what disallowedYaml looks for: a tag starts with "!", an
 * anchor with "&", an alias with "*", and a forbidden field name is written out, or spelled with a
 * backslash escape in double quotes.
 */
const mayHoldDisallowedYaml = /[!&*\\]|__proto__|constructor|prototype/;

/** What valid YAML may hold but a content file may not: tags, field names that reach a prototype, anchors and aliases. */
function disallowedYaml({ text, document, toFilePosition }: ParsedYaml): FileProblem[] {
  // Walking every node took a twentieth of the check of a file, and most files can hold none of these.
  if (!mayHoldDisallowedYaml.test(text)) return [];
  /** A tag comes before its value's range: step back over the spaces, then over the tag itself. */
  const tagStartBefore = (valueStart: number): number => {
    let index = valueStart;
    while (index > 0 && /[ \t]/.test(text[index - 1]!)) index--;
    while (index > 0 && !/\s/.test(text[index - 1]!)) index--;
    return index;
  };
  const problems: FileProblem[] = [];
  // An alias bomb repeats a few aliases many times: each is reported once, where it is first used.
  const aliasUses = new Map<string, { offset: number; count: number }>();
  visit(document, {
    Alias(_, alias) {
      const seen = aliasUses.get(alias.source);
      if (seen) seen.count++;
      else aliasUses.set(alias.source, { offset: alias.range?.[0] ?? 0, count: 1 });
    },
    Node(_, node) {
      if (node.tag !== undefined) {
        problems.push({
          position: toFilePosition(tagStartBefore(node.range?.[0] ?? 0)),
          field: 'yaml',
          message: `expected plain values; got the tag "${shortTag(node.tag)}" (remove it; the schema decides each value's type)`,
        });
      }
    },
    Pair(_, pair) {
      if (isScalar(pair.key) && forbiddenKeys.has(String(pair.key.value))) {
        problems.push({
          position: toFilePosition(pair.key.range?.[0] ?? 0),
          field: String(pair.key.value),
          message: `field name "${String(pair.key.value)}" is not allowed; remove it`,
        });
      }
    },
  });
  for (const [name, { offset, count }] of aliasUses) {
    problems.push({
      position: toFilePosition(offset),
      field: 'yaml',
      message: `expected plain values; got the alias "*${name}"${count > 1 ? `, used ${count} times` : ''} (anchors and aliases are not allowed, write the value out)`,
    });
  }
  return problems;
}

/** A comment the body opens and never closes would hide the rest of it. */
function unclosedComment(text: string, bodyStart: number, body: { unclosedAt?: number }): FileProblem[] {
  if (body.unclosedAt === undefined) return [];
  return [
    {
      position: { line: lineOfOffset(text, bodyStart + body.unclosedAt), column: 1 },
      field: 'body',
      message: 'expected the comment opened by "<!--" to be closed by "-->"; got no "-->" (close it, or delete the comment)',
    },
  ];
}

/** The frontmatter's fields, or why it holds none: empty, a single value or a list. */
function fieldsOf({ document }: ParsedYaml): { fields: Record<string, unknown> } | Failure {
  const data: unknown = document.toJS({ maxAliasCount: 0 });
  if (data === null || data === undefined) return fail('expected frontmatter fields between the "---" lines; got none', { line: 1, column: 1 });
  if (typeof data !== 'object' || Array.isArray(data)) {
    return fail('expected the frontmatter to be a set of "field: value" lines; got a single value or a list', { line: 2, column: 1 });
  }
  return { fields: data as Record<string, unknown> };
}

/** Where the value (or, with `wantKey`, the key) at `path` starts; for a missing one, where its nearest parent starts. */
function locateNode({ document, toFilePosition }: ParsedYaml, path: readonly PropertyKey[], wantKey: boolean): Position {
  let node: Node | null | undefined = document.contents;
  let position = node?.range ? toFilePosition(node.range[0]) : { line: frontmatterFirstLine, column: 1 };
  for (const segment of path) {
    if (!isMap(node) && !(node && 'items' in node)) break;
    const collection = node as { items: unknown[] };
    let next: Node | undefined;
    if (isMap(node)) {
      const pair: Pair | undefined = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(segment));
      if (!pair) break;
      const keyNode = pair.key as Node;
      if (wantKey && segment === path[path.length - 1] && keyNode.range) return toFilePosition(keyNode.range[0]);
      next = (pair.value as Node | null) ?? keyNode;
    } else {
      next = collection.items[Number(segment)] as Node | undefined;
    }
    if (!next?.range) break;
    node = next;
    position = toFilePosition(next.range[0]);
  }
  return position;
}
