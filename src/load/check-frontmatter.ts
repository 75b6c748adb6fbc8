import type { z } from 'zod';
import { describeIssue } from './describe-issue.ts';
import { didYouMean } from './did-you-mean.ts';
import type { ParsedFile } from './parse-frontmatter.ts';
import type { Problem } from './problem.ts';

type AnySchema = z.core.$ZodType;

/** The field names an object schema accepts at `path`, to suggest one for an unknown field. */
function fieldNamesAt(schema: AnySchema, path: readonly PropertyKey[]): string[] {
  let current: AnySchema | undefined = schema;
  const unwrap = (s: AnySchema | undefined): AnySchema | undefined => {
    let inner = s;
    while (inner && ['optional', 'default', 'nullable', 'prefault'].includes(inner._zod.def.type)) {
      inner = (inner._zod.def as unknown as { innerType: AnySchema }).innerType;
    }
    return inner;
  };
  for (const segment of path) {
    current = unwrap(current);
    if (!current) return [];
    const def = current._zod.def as unknown as { type: string; shape?: Record<string, AnySchema>; element?: AnySchema };
    current = def.type === 'array' ? def.element : def.shape?.[String(segment)];
  }
  const def = unwrap(current)?._zod.def as unknown as { shape?: Record<string, AnySchema> } | undefined;
  return Object.keys(def?.shape ?? {});
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

const fieldName = (path: readonly PropertyKey[]): string => path.map(String).join('.') || 'frontmatter';

export type CheckResult<T> = { ok: true; data: T } | { ok: false; problems: Problem[] };

/** Checks parsed frontmatter against a zod schema, turning every issue into a located problem. */
export function checkFrontmatter<S extends z.ZodType>(schema: S, parsed: ParsedFile, file: string): CheckResult<z.output<S>> {
  const result = schema.safeParse(parsed.data);
  if (result.success) return { ok: true, data: result.data };
  const problems: Problem[] = [];
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      const known = fieldNamesAt(schema, issue.path);
      for (const key of issue.keys) {
        const path = [...issue.path, key];
        problems.push({
          file,
          ...parsed.locateKey(path),
          field: fieldName(path),
          message: `unknown field; expected one of ${known.join(', ')}${didYouMean(key, known)}`,
        });
      }
      continue;
    }
    problems.push({
      file,
      ...parsed.locate(issue.path),
      field: fieldName(issue.path),
      message: describeIssue(issue, valueAt(parsed.data, issue.path)),
    });
  }
  return { ok: false, problems };
}
