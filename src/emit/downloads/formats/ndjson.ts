import type { Utf8Bytes } from '../../../domain/json-texts.ts';
import { recordJsonSchema } from '../../../formats/flat-columns.ts';
import { tableSection, tableOf, type DownloadFormat } from '../download-format.ts';

/** A table per file, one JSON record per line, nested as in the API; the SQLite database is loaded from these. */
export const ndjsonFormat: DownloadFormat = {
  name: 'ndjson',
  label: 'NDJSON: one JSON record per line',
  mediaType: 'application/x-ndjson',
  text: true,
  resources: [
    { name: 'landmarks-ndjson', fileName: 'landmarks.ndjson', title: 'Landmarks, NDJSON', table: 'landmarks' },
    { name: 'reports-ndjson', fileName: 'reports.ndjson', title: 'Condition reports, NDJSON', table: 'reports' },
  ],
  describe: (_resource, table) => `${table!.table.description} One JSON record per line, nested as in the API (see jsonSchema).`,
  datapackage: (_resource, table) => (table ? { jsonSchema: recordJsonSchema(table.table.schema) } : {}),
  writer: {
    kind: 'text',
    sections: (resource, context) => {
      const { table } = tableOf(resource, context.tables)!;
      return [tableSection(context.table(table), (row) => `${row.json()}\n` as Utf8Bytes)];
    },
  },
};
