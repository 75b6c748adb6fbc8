import path from 'node:path';
import { startSqliteDownload } from '../sqlite-download.ts';
import type { DownloadFormat } from '../download-format.ts';
import { ndjsonFormat } from './ndjson.ts';

/** Both tables in one database, loaded in a thread of its own from the NDJSON files of the same build. */
export const sqliteFormat: DownloadFormat = {
  name: 'sqlite',
  label: 'SQLite 3 database',
  mediaType: 'application/vnd.sqlite3',
  text: false,
  resources: [{ name: 'everything-sqlite', fileName: 'landmark-condition-reports.sqlite', title: 'Everything, SQLite database' }],
  describe: () =>
    'Tables landmarks and reports with the columns of landmarks.csv and reports.csv: primary keys, NOT NULL, ' +
    'reports.landmark_slug references landmarks.slug (indexed); column descriptions are comments in CREATE TABLE (.schema). ' +
    'Lists are JSON text: use json_each().',
  writer: {
    kind: 'thread',
    inputs: [ndjsonFormat],
    start: (resource, { tables, written, directory, maxBytes, kept }) => {
      const ndjsonFiles = tables.map(({ table }) => {
        const ndjson = ndjsonFormat.resources.find((candidate) => candidate.table === table.name)!;
        return written.get(ndjson.name)?.files.map(({ fileName, sha256 }) => ({ file: path.join(directory, fileName), sha256 }));
      });
      if (ndjsonFiles.some((files) => files === undefined)) return undefined;
      return startSqliteDownload({
        directory,
        fileName: resource.fileName,
        maxBytes,
        tables: tables.map(({ table: { name, primaryKey, foreignKey }, columns }, index) => ({ name, columns, primaryKey, foreignKey, files: ndjsonFiles[index]! })),
        kept,
      });
    },
  },
};
