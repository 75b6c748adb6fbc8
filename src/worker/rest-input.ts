import { invalidParameter } from '../api/api-error.ts';
import type { z } from 'zod';
import { queryTextReaderOf } from '../api/operations/query-text.ts';

/**
 * The parameter values of a request's query (an operation's input, for runOperation to check). Query strings
 * are text; each parameter's schema says how its text is read (operations/query-text.ts).
 * Undeclared query parameters are ignored (links carry tracking tags); a repeated one is
 * ambiguous and refused.
 */
export function restParameterValues(input: z.ZodObject, url: URL, pathValues: Readonly<Record<string, string>> = {}): Record<string, unknown> {
  const values: Record<string, unknown> = { ...pathValues };
  for (const [name, schema] of Object.entries(input.shape)) {
    if (Object.hasOwn(pathValues, name)) continue;
    const given = url.searchParams.getAll(name);
    if (given.length > 1) throw invalidParameter(name, `${name} was given ${given.length} times; give it once`);
    const [raw] = given;
    if (raw === undefined) continue;
    const read = queryTextReaderOf(schema);
    values[name] = read ? read(raw) : raw;
  }
  return values;
}
