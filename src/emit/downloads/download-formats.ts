import type { DownloadFormat, DownloadResource } from './download-format.ts';
import { atomFormat } from './formats/atom.ts';
import { csvFormat } from './formats/csv.ts';
import { geojsonFormat } from './formats/geojson.ts';
import { jsonFormat } from './formats/json.ts';
import { ndjsonFormat } from './formats/ndjson.ts';
import { sqliteFormat } from './formats/sqlite.ts';

/**
 * Every download format, in the order datapackage.json and the download page list their files. A
 * new format is a file in formats/ declaring a DownloadFormat, and a line here.
 */
export const downloadFormats: readonly DownloadFormat[] = [csvFormat, ndjsonFormat, jsonFormat, sqliteFormat, geojsonFormat, atomFormat];

/** Every download, with its format. */
export const downloadResources: readonly (DownloadResource & { format: DownloadFormat })[] = downloadFormats.flatMap((format) =>
  format.resources.map((resource) => ({ ...resource, format })),
);
