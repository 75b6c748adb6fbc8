import matter from 'gray-matter';
import { isMap, isScalar, LineCounter, parseDocument, visit, type Node, type Pair } from 'yaml';
import { startOfFile, type Position } from './problem.ts';

/** Files larger than this are refused unread: a report is a few hundred words. */
export const maxFileBytes = 64 * 1024;

/** Keys that would reach an object's prototype if anything ever merged frontmatter naively. */
const forbiddenKeys = new Set(['__proto__', 'constructor', 'prototype']);

export interface FileProblem {
  position: Position;
  field: string;
  message: string;
}

export interface ParsedFile {
  data: Record<string, unknown>;
  body: string;
  /** Where the value at `path` starts; for a missing value, where its nearest parent starts. */
  locate(path: readonly PropertyKey[]): Position;
  /** Where the key (not the value) at `path` starts, for problems with a field's name. */
  locateKey(path: readonly PropertyKey[]): Position;
}

export type ParseResult = { ok: true; file: ParsedFile } | { ok: false; problems: FileProblem[] };

function fail(message: string, position: Position = startOfFile, field = 'file'): ParseResult {
  return { ok: false, problems: [{ position, field, message }] };
}

/**
 * Splits a content file into YAML frontmatter and Markdown body and parses the YAML with positions.
 * Everything a hostile or broken file can do is turned into a located problem, never an exception.
 */
export function parseFrontmatter(bytes: Uint8Array): ParseResult {
  if (bytes.byteLength > maxFileBytes) {
    return fail(`file is ${bytes.byteLength} bytes; expected at most ${maxFileBytes} bytes (move long text to the source it cites)`);
  }
  if (bytes.includes(0)) return fail('expected a UTF-8 text file; got binary data (a NUL byte)');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return fail('expected a UTF-8 text file; got bytes that are not valid UTF-8 (save the file as UTF-8)');
  }
  // A byte-order mark or Windows line ends are harmless; line numbers stay the same without them.
  text = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/^---[ \t]*\n/.test(text)) {
    return fail('expected the file to start with a "---" line opening the YAML frontmatter; got no frontmatter');
  }

  // gray-matter finds the frontmatter block; the `yaml` package parses it, keeping positions.
  // Passing options turns off gray-matter's cache, which would otherwise keep every file in memory.
  const split = matter(text, { engines: { yaml: () => ({}) } });
  if (!/\n---[ \t]*(\n|$)/.test(text.slice(3))) {
    return fail('expected a closing "---" line after the frontmatter; got none', { line: 1, column: 1 });
  }
  const frontmatterFirstLine = 2;
  const lineCounter = new LineCounter();
  const document = parseDocument(split.matter.replace(/^\n/, ''), { lineCounter, schema: 'core', uniqueKeys: true, prettyErrors: false });
  const toFilePosition = (offset: number): Position => {
    const { line, col } = lineCounter.linePos(offset);
    return { line: line + frontmatterFirstLine - 1, column: col };
  };

  const problems: FileProblem[] = document.errors.map((error) => ({
    position: toFilePosition(error.pos[0]),
    field: 'yaml',
    message: `invalid YAML: ${error.message.split('\n')[0]}`,
  }));
  visit(document, {
    Alias(_, alias) {
      problems.push({
        position: toFilePosition(alias.range?.[0] ?? 0),
        field: 'yaml',
        message: `expected plain values; got the alias "*${alias.source}" (anchors and aliases are not allowed, write the value out)`,
      });
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
  if (problems.length > 0) return { ok: false, problems };

  const data: unknown = document.toJS({ maxAliasCount: 0 });
  if (data === null || data === undefined) return fail('expected frontmatter fields between the "---" lines; got none', { line: 1, column: 1 });
  if (typeof data !== 'object' || Array.isArray(data)) {
    return fail('expected the frontmatter to be a set of "field: value" lines; got a single value or a list', { line: 2, column: 1 });
  }

  const locateNode = (path: readonly PropertyKey[], wantKey: boolean): Position => {
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
  };

  return {
    ok: true,
    file: {
      data: data as Record<string, unknown>,
      body: split.content.replace(/^\n+/, '').trimEnd(),
      locate: (path) => locateNode(path, false),
      locateKey: (path) => locateNode(path, true),
    },
  };
}
