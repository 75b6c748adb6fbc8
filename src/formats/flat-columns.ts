import { z } from 'zod';

/**
 * Flat tables (CSV, SQLite) from the zod schema of a record, so that column names, types and
 * descriptions are generated from the single source and never written twice. Nested objects become
 * columns joined with "_" (location.city -> location_city), which SQL can use without quoting;
 * lists become JSON text, since names may contain any separator character.
 */

type JsonSchema = z.core.JSONSchema.BaseSchema;

/** Table Schema (Frictionless) field types that these records use. */
export type ColumnType = 'string' | 'integer' | 'number' | 'boolean' | 'date' | 'datetime' | 'array' | 'any';

export interface FlatColumn {
  /** The path joined with "_", e.g. `location_city`. */
  name: string;
  /** Where the value sits in the nested record. */
  path: readonly string[];
  type: ColumnType;
  /** `uri` for URLs. */
  format?: 'uri';
  description: string;
  /** Null when the field or an object above it is nullable. */
  nullable: boolean;
  enum?: readonly string[];
}

export type CellValue = string | number | boolean | null;

export const columnSeparator = '_';
export const listColumnNote = 'A list, written as a JSON array.';
export const dateOrDateTimeNote = 'A date (YYYY-MM-DD) or an ISO 8601 date-time.';

/** The JSON Schema of a record; calendar dates carry their `format` from the schema layer. */
export function recordJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
}

const isNullSchema = (schema: JsonSchema) => schema.type === 'null';

/** A nullable schema as zod writes it (`anyOf: [X, {type: null}]` or `type: [X, "null"]`), unwrapped. */
function unwrapNullable(schema: JsonSchema): { inner: JsonSchema; nullable: boolean } {
  const branches = schema.anyOf as JsonSchema[] | undefined;
  if (branches?.some(isNullSchema)) {
    const others = branches.filter((branch) => !isNullSchema(branch));
    if (others.length === 1) {
      return { inner: { ...others[0], description: schema.description ?? others[0]!.description }, nullable: true };
    }
  }
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const types = schema.type.filter((type) => type !== 'null');
    return { inner: { ...schema, type: types.length === 1 ? types[0] : types }, nullable: true };
  }
  return { inner: schema, nullable: false };
}

function leafType(schema: JsonSchema): Pick<FlatColumn, 'type' | 'format' | 'enum'> & { note?: string } {
  switch (schema.type) {
    case 'integer':
    case 'number':
    case 'boolean':
      return { type: schema.type };
    case 'array':
      return { type: 'array', note: listColumnNote };
    case 'string': {
      if (schema.format === 'date') return { type: 'date' };
      if (schema.format === 'date-time') return { type: 'datetime' };
      if (schema.anyOf) return { type: 'string', note: dateOrDateTimeNote };
      if (Array.isArray(schema.enum)) return { type: 'string', enum: schema.enum as string[] };
      return schema.format === 'uri' ? { type: 'string', format: 'uri' } : { type: 'string' };
    }
    default:
      return { type: 'any' };
  }
}

const sentence = (...parts: (string | undefined)[]) => parts.filter((part) => part !== undefined && part !== '').join(' ');

/** The flat columns of a record schema, in the schema's field order. */
export function flatColumns(schema: z.ZodType): FlatColumn[] {
  const columns: FlatColumn[] = [];
  const walk = (node: JsonSchema, path: string[], context: { description: string | undefined; nullable: boolean }) => {
    const { inner, nullable: selfNullable } = unwrapNullable(node);
    const nullable = context.nullable || selfNullable;
    if (inner.type === 'object' && inner.properties) {
      const description = sentence(context.description, inner.description);
      for (const [key, child] of Object.entries(inner.properties)) {
        walk(child as JsonSchema, [...path, key], { description, nullable });
      }
      return;
    }
    const { note, ...type } = leafType(inner);
    columns.push({ name: path.join(columnSeparator), path, ...type, description: sentence(context.description, inner.description, note), nullable });
  };
  walk(recordJsonSchema(schema), [], { description: undefined, nullable: false });

  const seen = new Map<string, FlatColumn>();
  for (const column of columns) {
    const earlier = seen.get(column.name);
    if (earlier) {
      throw new Error(
        `fields ${earlier.path.join('.')} and ${column.path.join('.')} both flatten to the column "${column.name}"; rename one of them in src/schema/api.ts`,
      );
    }
    seen.set(column.name, column);
  }
  return columns;
}

/** A record as one row of cells, in column order; lists (and anything unforeseen) as JSON text. */
export function flattenRecord(record: unknown, columns: readonly FlatColumn[]): CellValue[] {
  return columns.map((column) => {
    let value: unknown = record;
    for (const key of column.path) {
      if (value === null || value === undefined) break;
      value = (value as Record<string, unknown>)[key];
    }
    if (value === null || value === undefined) return null;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
    return JSON.stringify(value);
  });
}

/** How a flat table holds a nested record, for readers of the CSV files and the SQLite tables. */
export const flatteningNote =
  'Nested fields are columns joined with "_" (location.city is location_city); lists are JSON arrays written as text; ' +
  'null is an empty field and an empty string is written "".';
