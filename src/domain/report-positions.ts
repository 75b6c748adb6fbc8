import type { CatalogueReport } from '../schema/api.ts';

/** The position of the report with `id` in `reports` (sorted by id, as a catalogue's are), by halving; -1 when none has it. */
export function positionOfId(reports: readonly Pick<CatalogueReport, 'id'>[], id: string): number {
  let low = 0;
  let high = reports.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (reports[middle]!.id < id) low = middle + 1;
    else high = middle;
  }
  return low < reports.length && reports[low]!.id === id ? low : -1;
}
