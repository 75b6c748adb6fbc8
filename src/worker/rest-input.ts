import type { z } from 'zod';
import type { ApiOperation } from '../model/api-operations.ts';
import { invalidParameter, notFound } from './api-error.ts';

/** The schema under optional() and default(): what a given value must be. */
function innerType(schema: z.core.$ZodType): string {
  let definition = schema._zod.def as { type: string; innerType?: z.core.$ZodType };
  while (definition.innerType && (definition.type === 'optional' || definition.type === 'default')) {
    definition = definition.innerType._zod.def as typeof definition;
  }
  return definition.type;
}

/** A whole number written plainly in decimal; "1e3", "1.5", "+5" and "05" stay text, which the schema refuses. */
const plainWholeNumber = /^(0|[1-9]\d{0,6})$/;

/**
 * An operation's input from a REST request, checked by the operation's own schema: the one the
 * MCP tool and the OpenAPI document publish, so REST and MCP refuse bad input with the same words.
 * Query strings are text; a parameter the schema wants as a number is converted only when written
 * plainly. Undeclared query parameters are ignored (links carry tracking tags); a repeated one is
 * ambiguous and refused. A path parameter that cannot exist names nothing: 404.
 */
export function restInput(operation: ApiOperation, url: URL, pathValues: Readonly<Record<string, string>>): unknown {
  const values: Record<string, unknown> = { ...pathValues };
  for (const [name, schema] of Object.entries(operation.input.shape)) {
    if (Object.hasOwn(pathValues, name)) continue;
    const given = url.searchParams.getAll(name);
    if (given.length > 1) throw invalidParameter(name, `${name} was given ${given.length} times; give it once`);
    const [raw] = given;
    if (raw === undefined) continue;
    values[name] = innerType(schema) === 'number' && plainWholeNumber.test(raw) ? Number(raw) : raw;
  }
  const result = operation.input.safeParse(values);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = String(issue.path[0] ?? '');
  if (Object.hasOwn(pathValues, name)) throw notFound(`Nothing can be at ${url.pathname}: ${name} ${JSON.stringify(pathValues[name])} is not valid (${issue.message}).`);
  throw invalidParameter(name, issue.message);
}
