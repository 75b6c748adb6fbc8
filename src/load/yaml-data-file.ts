import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import type { z } from 'zod';
import { keptDataFile } from '../kept/parsed-data-files.ts';
import { describeIssue } from './describe-issue.ts';
import { plainBlockYaml } from './plain-block-yaml.ts';
import { repeatedKeys } from './repeated-keys.ts';
import type { Problem } from './problem.ts';

/**
 * Reads a YAML data file of content/ (not a landmark or a report: popularity counts, the watch's
 * check records) against its schema, locating any problem by line like every other content file.
 * A file that does not exist yet gives undefined and no problem. Given the parse cache's folder,
 * a text parsed before without a problem is taken as it was kept.
 */
export async function loadYamlDataFile<S extends z.ZodType>(root: string, file: string, schema: S, cacheDir?: string): Promise<{ data: z.output<S> | undefined; problems: Problem[] }> {
  let text: string;
  try {
    text = await readFile(path.join(root, file), 'utf8');
  } catch {
    return { data: undefined, problems: [] };
  }
  // With the parse cache's folder, the same text is parsed once (parsed-data-files.ts).
  const kept = cacheDir === undefined ? undefined : keptDataFile(cacheDir, file, text);
  const parsed = await kept?.parsed();
  if (parsed !== undefined) return { data: parsed as z.output<S>, problems: [] };
  // Written as the watch writes it, the text is read line by line; the full parser reads any
  // other, and any text whose data the schema refuses, to say where each problem is.
  const plain = plainBlockYaml(text);
  const quick = plain === undefined ? undefined : schema.safeParse(plain);
  if (quick?.success) {
    await kept?.keep(quick.data);
    return { data: quick.data, problems: [] };
  }
  const lineCounter = new LineCounter();
  // Repeated keys are looked for in one pass afterwards (repeated-keys.ts): the parser's own
  // check is quadratic in a mapping's keys, and the watch's records are a key per landmark.
  const document = parseDocument(text, { lineCounter, schema: 'core', uniqueKeys: false });
  const at = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  if (document.errors.length > 0) {
    return { data: undefined, problems: document.errors.map((error) => ({ file, ...at(error.pos[0]), field: 'yaml', message: `invalid YAML: ${error.message.split('\n')[0]}` })) };
  }
  const repeated = repeatedKeys(document);
  if (repeated.length > 0) {
    return { data: undefined, problems: repeated.map(({ key, offset }) => ({ file, ...at(offset), field: 'yaml', message: `invalid YAML: the key ${JSON.stringify(key)} is given twice in the same mapping (each key may appear once; keep one)` })) };
  }
  const data: unknown = document.toJS({ maxAliasCount: 0 });
  const result = schema.safeParse(data);
  if (!result.success) {
    return {
      data: undefined,
      problems: result.error.issues.map((issue) => {
        const node = document.getIn(issue.path, true) as { range?: [number, number, number] } | undefined;
        let value: unknown = data;
        for (const key of issue.path) value = (value as Record<PropertyKey, unknown> | undefined)?.[key];
        return { file, ...at(node?.range?.[0] ?? 0), field: issue.path.map(String).join('.') || 'file', message: describeIssue(issue, value) };
      }),
    };
  }
  await kept?.keep(result.data);
  return { data: result.data, problems: [] };
}
