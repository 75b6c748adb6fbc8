import { flatteningNote } from '../../../formats/flat-columns.ts';
import { csvDialect, csvRow } from '../csv.ts';
import type { DownloadFormat } from '../download-format.ts';
import { tableSchemaOf } from '../table-schema.ts';

/** A table per file, with a header row, as spreadsheets, pandas and DuckDB read it; described by a Table Schema. */
export const csvFormat: DownloadFormat = {
  name: 'csv',
  label: 'CSV (RFC 4180, UTF-8, header row)',
  mediaType: 'text/csv',
  text: true,
  resources: [
    { name: 'landmarks-csv', fileName: 'landmarks.csv', title: 'Landmarks, CSV', table: 'landmarks' },
    { name: 'reports-csv', fileName: 'reports.csv', title: 'Condition reports, CSV', table: 'reports' },
  ],
  describe: (_resource, table) => `${table!.table.description} ${flatteningNote}`,
  datapackage: (_resource, table) =>
    table ? { profile: 'tabular-data-resource', dialect: csvDialect, schema: tableSchemaOf(table, csvResourceOfTable) } : { profile: 'tabular-data-resource' },
  // Made from the NDJSON files' rows in the thread that loads the SQLite database from them (from-ndjson.ts).
  writer: { kind: 'thread', makes: 'text', rows: 'csv', around: ({ columns }) => ({ head: csvRow(columns.map((column) => column.name)) }) },
};

/** The CSV file of a table, which a foreign key of another table's schema refers to. */
export function csvResourceOfTable(tableName: string): string {
  return csvFormat.resources.find((resource) => resource.table === tableName)!.name;
}
