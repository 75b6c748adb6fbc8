import { invalidParameter } from '../domain/api-error.ts';
import type { ApiOperation } from '../domain/api-operations.ts';
import { queryTextReaderOf } from '../domain/operations/query-text.ts';

/**
 * An operation's parameter values from a REST request, for runOperation to check. Query strings
 * are text; each parameter's schema says how its text is read (operations/query-text.ts).
 * Undeclared query parameters are ignored (links carry tracking tags); a repeated one is
 * ambiguous and refused.
 */
export function restParameterValues(operation: ApiOperation, url: URL, pathValues: Readonly<Record<string, string>>): Record<string, unknown> {
  const values: Record<string, unknown> = { ...pathValues };
  for (const [name, schema] of Object.entries(operation.input.shape)) {
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
