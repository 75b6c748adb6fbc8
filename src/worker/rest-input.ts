import type { z } from 'zod';
import { invalidParameter } from '../domain/api-error.ts';
import type { ApiOperation } from '../domain/api-operations.ts';

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
 * An operation's parameter values from a REST request, for runOperation to check. Query strings
 * are text; a parameter the schema wants as a number is converted only when written plainly.
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
    values[name] = innerType(schema) === 'number' && plainWholeNumber.test(raw) ? Number(raw) : raw;
  }
  return values;
}
