import type { FlatColumn } from '../../formats/flat-columns.ts';
import type { TableColumns } from './download-format.ts';

/**
 * A Frictionless Table Schema of a flat table: its columns' types, descriptions and constraints,
 * its primary key and the foreign key to the table it refers to, all from the zod schema of its records.
 */

export interface TableSchemaField {
  name: string;
  type: FlatColumn['type'];
  format?: 'uri';
  description: string;
  constraints?: { required?: true; enum?: readonly string[] };
}

export interface TableSchema {
  fields: TableSchemaField[];
  primaryKey: string;
  foreignKeys?: { fields: string; reference: { resource: string; fields: string } }[];
  missingValues: string[];
}

/** Free text may be empty, and CSV readers see "" as missing, so only other non-null fields are `required`. */
function isRequired(column: FlatColumn): boolean {
  if (column.nullable) return false;
  return column.type !== 'string' || column.enum !== undefined || column.format !== undefined;
}

export function tableSchemaOf({ table, columns }: TableColumns, resourceOfTable: (name: string) => string): TableSchema {
  const fields = columns.map((column): TableSchemaField => {
    const constraints = {
      ...(isRequired(column) ? { required: true as const } : {}),
      ...(column.enum ? { enum: column.enum } : {}),
    };
    return {
      name: column.name,
      type: column.type,
      ...(column.format ? { format: column.format } : {}),
      description: column.description,
      ...(Object.keys(constraints).length > 0 ? { constraints } : {}),
    };
  });
  return {
    fields,
    primaryKey: table.primaryKey,
    ...(table.foreignKey
      ? {
          foreignKeys: [
            { fields: table.foreignKey.column, reference: { resource: resourceOfTable(table.foreignKey.table), fields: table.foreignKey.referencedColumn } },
          ],
        }
      : {}),
    missingValues: [''],
  };
}
