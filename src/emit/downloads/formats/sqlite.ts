import type { DownloadFormat } from '../download-format.ts';

/** Both tables in one database, loaded in a thread of its own from the NDJSON files of the same build (from-ndjson.ts). */
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
  writer: { kind: 'thread', makes: 'database' },
};
