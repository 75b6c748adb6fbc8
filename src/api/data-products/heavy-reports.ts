import { publishedReportJson } from '../../domain/catalogue.ts';
import { jsonArrayPieces } from '../../domain/json-texts.ts';
import { heavyReportChunkSizeFor } from '../data-layout.ts';
import { chunkSorted, type ChunkManifest } from '../keyset-chunks.ts';
import { compareHeavyReportKeys, heavyReportKeyOf, keptReportLimit, type HeavyReportKey } from '../../domain/landmark-reports.ts';
import type { StoredReport } from '../../schema/api.ts';
import { dataFile, dataPrefix, declareDataProduct, jsonDataFile } from './product.ts';

const paths = {
  heavyReportsManifest: `${dataPrefix}landmark-reports/manifest.json`,
  heavyReportsChunk: (index: number) => `${dataPrefix}landmark-reports/${index}.json`,
};

/**
 * The reports of every heavy landmark (more than keptReportLimit), by slug then newest observation,
 * in chunks with a manifest of first keys: one page of a landmark's reports reads one or two chunks.
 */
export const heavyReports = declareDataProduct({
  paths,
  *files({ catalogue }) {
    const positionOfId = new Map<string, number>();
    const heavy = catalogue.landmarks.filter((landmark) => landmark.reports.length > keptReportLimit);
    if (heavy.length > 0) catalogue.reports.forEach((report, position) => positionOfId.set(report.id, position));
    const ordered = heavy.flatMap((landmark) => {
      const keyed = landmark.reports.map((report) => ({ key: heavyReportKeyOf(report), position: positionOfId.get(report.id)! }));
      return keyed.sort((a, b) => compareHeavyReportKeys(a.key, b.key));
    });
    const { manifest, chunks } = chunkSorted(ordered, ({ key }) => key, heavyReportChunkSizeFor(catalogue.reports.length));
    yield dataFile(paths.heavyReportsManifest, () => manifest);
    const digests = catalogue.inputDigests?.reports;
    for (const [index, chunk] of chunks.entries()) {
      const reports = () => jsonArrayPieces(chunk.map(({ position }) => publishedReportJson(catalogue.reports[position]!, catalogue, position)));
      yield jsonDataFile(paths.heavyReportsChunk(index), reports, digests && (() => [digests.gathered(chunk.map(({ position }) => position))]));
    }
  },
  // At most: only the reports of heavy landmarks are there.
  fileCount: ({ reports }) => 1 + Math.ceil(reports / heavyReportChunkSizeFor(reports)),
  reader: (read) => ({
    /** The reports of heavy landmarks, by slug then newest observation (see landmark-reports.ts). */
    heavyReportsManifest: () => read<ChunkManifest<HeavyReportKey>>(paths.heavyReportsManifest),
    heavyReportsChunk: (index: number) => read<StoredReport[]>(paths.heavyReportsChunk(index)),
  }),
});
