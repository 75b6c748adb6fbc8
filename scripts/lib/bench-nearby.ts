// Files and bytes the nearby operation reads per request, at a catalogue size: the operation run
// in Node over the emitted files through a data store that counts its reads, as a cold isolate
// reads them (nothing cached). The Worker reads the same files through the same store.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { dataPaths, dataStoreOverFiles } from '../../src/api/data-products.ts';
import { operationIds } from '../../src/api/api-operations.ts';
import { runOperation } from '../../src/api/operations/run-operation.ts';
import { seededRandom } from './synthetic-content.ts';

interface Centre {
  lat: number;
  lon: number;
}

/** Prints, per radius, the files (the data manifest aside, which every route reads) and bytes one request reads. */
export async function benchNearbyReads(dist: string, landmarkPoints: readonly Centre[], requests: number): Promise<void> {
  const random = seededRandom(45);
  const rows = ['| nearby request | files read (median) | files read (max) | KB read (median) | KB read (max) |', '|---|---:|---:|---:|---:|'];
  for (const radius of [1, 10, 40, 200]) {
    const files: number[] = [];
    const bytes: number[] = [];
    for (let request = 0; request < requests; request++) {
      const read = new Map<string, number>();
      const store = dataStoreOverFiles(async (sitePath) => {
        const bytes = await readFile(path.join(dist, ...sitePath.split('/').filter(Boolean)));
        if (sitePath !== dataPaths.manifest) read.set(sitePath, bytes.length);
        return bytes;
      });
      // Where people ask from: beside a landmark (within about 5 km of it).
      const near = landmarkPoints[Math.floor(random() * landmarkPoints.length)]!;
      const centre = { lat: Math.max(-90, Math.min(90, near.lat + (random() - 0.5) * 0.09)), lon: ((near.lon + (random() - 0.5) * 0.12 + 540) % 360) - 180 };
      await runOperation(operationIds.listNearbyLandmarks, { store, now: new Date('2026-11-10T12:00:00Z'), random }, { ...centre, radius });
      files.push(read.size);
      bytes.push([...read.values()].reduce((total, size) => total + size, 0));
    }
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    const [f, b] = [sorted(files), sorted(bytes)];
    rows.push(`| ${radius} km | ${f[f.length >> 1]} | ${f[f.length - 1]} | ${(b[b.length >> 1]! / 1024).toFixed(1)} | ${(b[b.length - 1]! / 1024).toFixed(1)} |`);
  }
  console.log(rows.join('\n'));
}
