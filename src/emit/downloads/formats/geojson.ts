import { attributionLine, dataLicense } from '../../../domain/data-license.ts';
import { landmarksTable, type DownloadTable } from '../../../formats/download-records.ts';
import { recordJsonSchema } from '../../../formats/flat-columns.ts';
import { landmarkFeatureOf, landmarkFeatureProperties } from '../../../formats/landmark-features.ts';
import { jsonElement, tableSection, type DownloadFormat } from '../download-format.ts';

/**
 * A FeatureCollection with one feature per line, so a split never cuts a feature and the parts
 * concatenate back into the whole file. License and attribution are foreign members, which
 * RFC 7946 allows and GIS tools ignore.
 */
export const geojsonFormat: DownloadFormat = {
  name: 'geojson',
  label: 'GeoJSON (RFC 7946): one point per landmark',
  mediaType: 'application/geo+json',
  text: true,
  resources: [{ name: 'landmarks-geojson', fileName: 'landmarks.geojson', title: 'Landmarks on a map, GeoJSON (RFC 7946)' }],
  describe: () =>
    'Every landmark as a GeoJSON (RFC 7946) Point feature, [longitude, latitude] in WGS 84, with flat properties ' +
    '(see jsonSchema): name, country, current condition and its dates, report count and canonical URLs. Opens as-is in QGIS or geojson.io.',
  datapackage: () => ({ jsonSchema: recordJsonSchema(landmarkFeatureProperties) }),
  writer: {
    kind: 'text',
    sections: (_resource, context) => {
      const { catalogue } = context;
      const header = { type: 'FeatureCollection', license: dataLicense.id, attribution: attributionLine };
      const landmarks = context.table(landmarksTable as DownloadTable<unknown>);
      const { count, keyHashAt, digests } = landmarks.rows;
      const features = { ...landmarks, rows: { count, keyHashAt, digests, at: (index: number) => landmarkFeatureOf(catalogue.landmarks[index]!) } };
      return [tableSection(features, jsonElement, { head: `${JSON.stringify(header).slice(0, -1)},"features":[\n`, tail: ']}\n' })];
    },
  },
};
