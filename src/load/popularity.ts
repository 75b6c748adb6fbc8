import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { popularityFile } from '../schema/popularity.ts';
import { describeIssue } from './describe-issue.ts';
import type { Problem } from './problem.ts';

export const popularityPath = 'content/popularity.yaml';

export interface PopularityResult {
  /** Wikidata id -> Wikipedia language editions; empty when the file does not exist yet. */
  sitelinks: Map<string, number>;
  /** The day the file says the counts were read; absent when there is no file. */
  retrievedAt?: string;
  problems: Problem[];
}

/** Reads `content/popularity.yaml`, locating any problem by line like every other content file. */
export async function loadPopularity(root: string): Promise<PopularityResult> {
  let text: string;
  try {
    text = await readFile(path.join(root, popularityPath), 'utf8');
  } catch {
    return { sitelinks: new Map(), problems: [] };
  }
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, schema: 'core', uniqueKeys: true });
  const at = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  if (document.errors.length > 0) {
    return {
      sitelinks: new Map(),
      problems: document.errors.map((error) => ({ file: popularityPath, ...at(error.pos[0]), field: 'yaml', message: `invalid YAML: ${error.message.split('\n')[0]}` })),
    };
  }
  const data: unknown = document.toJS({ maxAliasCount: 0 });
  const result = popularityFile.safeParse(data);
  if (!result.success) {
    return {
      sitelinks: new Map(),
      problems: result.error.issues.map((issue) => {
        const node = document.getIn(issue.path, true) as { range?: [number, number, number] } | undefined;
        let value: unknown = data;
        for (const key of issue.path) value = (value as Record<PropertyKey, unknown> | undefined)?.[key];
        return {
          file: popularityPath,
          ...at(node?.range?.[0] ?? 0),
          field: issue.path.map(String).join('.') || 'file',
          message: describeIssue(issue, value),
        };
      }),
    };
  }
  return { sitelinks: new Map(Object.entries(result.data.sitelinks)), retrievedAt: result.data.retrievedAt, problems: [] };
}
