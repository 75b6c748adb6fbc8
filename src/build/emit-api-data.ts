import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Catalogue } from '../model/catalogue.ts';
import { summaryOf } from '../model/catalogue.ts';
import { dataPaths } from '../model/data-paths.ts';
import { chunkLandmarks } from '../model/landmark-pages.ts';

/** Writes a file below `outDir` at a site path such as `/_data/landmarks/x.json`. */
export async function writeSiteFile(outDir: string, sitePath: string, contents: string | Uint8Array): Promise<void> {
  const target = path.join(outDir, ...sitePath.split('/').filter(Boolean));
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, contents);
}

const json = (value: unknown) => `${JSON.stringify(value)}\n`;

/** The stored records behind the API routes: one file per landmark and report, and list chunks. */
export async function emitApiData(catalogue: Catalogue, outDir: string): Promise<void> {
  const { manifest, chunks } = chunkLandmarks(catalogue.landmarks.map(summaryOf));
  const files: [string, string][] = [
    ...catalogue.landmarks.map((landmark): [string, string] => [dataPaths.landmark(landmark.slug), json(landmark)]),
    ...catalogue.reports.map((report): [string, string] => [dataPaths.report(report.id), json(report)]),
    [dataPaths.landmarkPagesManifest, json(manifest)],
    ...chunks.map((chunk, index): [string, string] => [dataPaths.landmarkPagesChunk(index), json(chunk)]),
  ];
  // Bounded concurrency: enough to keep the disk busy without opening thousands of files at once.
  for (let start = 0; start < files.length; start += 64) {
    await Promise.all(files.slice(start, start + 64).map(([sitePath, contents]) => writeSiteFile(outDir, sitePath, contents)));
  }
}
