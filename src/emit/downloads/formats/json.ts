import { attributionLine, dataLicense } from '../../../domain/data-license.ts';
import type { DownloadFormat } from '../download-format.ts';

/** Valid JSON with one record per line: {"license", "attribution", "landmarks": [...], "reports": [...]}. */
export const jsonFormat: DownloadFormat = {
  name: 'json',
  label: 'JSON: one object with both tables',
  mediaType: 'application/json',
  text: true,
  resources: [{ name: 'everything-json', fileName: 'landmark-condition-reports.json', title: 'Everything, one JSON file' }],
  describe: () =>
    'Everything in one JSON object: {"license", "attribution", "landmarks": [...], "reports": [...]}, with the records of the NDJSON files, one record per line.',
  // The NDJSON files' lines, each followed by a comma but a table's last, in the thread that loads the SQLite database from them (from-ndjson.ts).
  writer: {
    kind: 'thread',
    makes: 'text',
    rows: 'json element',
    around: ({ table }, index, tables) => {
      const header = { license: { name: dataLicense.id, title: dataLicense.title, path: dataLicense.url }, attribution: attributionLine };
      return {
        head: `${index === 0 ? `${JSON.stringify(header).slice(0, -1)},\n` : ''}${JSON.stringify(table.name)}:[\n`,
        tail: index < tables.length - 1 ? '],\n' : ']}\n',
      };
    },
  },
};
