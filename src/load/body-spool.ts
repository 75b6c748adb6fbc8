import { closeSync, writeSync } from 'node:fs';
import { openScratchFile, sortedPosition, textReader } from '../kept/scratch-file.ts';
import type { ReportBodies } from '../domain/catalogue.ts';

/**
 * The report bodies the parse workers read, written once into scratch files as they parse, so that
 * each published file holding a body reads it by position instead of opening and splitting its
 * content file again. A cold build publishes every body five times (three downloads, the report
 * and landmark files): at 100k reports those reads took 12 s of the build's one busy thread, reads
 * by position take one tenth of that. The bodies stay out of the heap, which a million of them
 * would fill (see records.ts).
 *
 * Each worker appends to a scratch file of its own (src/kept/scratch-file.ts).
 */

/** Where a body was written: its worker's file, the byte it starts at, and its length. */
export interface SpooledBody {
  at: number;
  bytes: number;
}

/** The worker's side: appends a batch's bodies to its file from `start` on, in one write; where each went, and where the file now ends. */
export function appendBodies(descriptor: number, start: number, bodies: readonly string[]): { places: SpooledBody[]; end: number } {
  const buffers = bodies.map((body) => Buffer.from(body, 'utf8'));
  const joined = Buffer.concat(buffers);
  for (let written = 0; written < joined.length; ) written += writeSync(descriptor, joined, written, joined.length - written, start + written);
  let at = start;
  const places = buffers.map(({ length }) => {
    const place = { at, bytes: length };
    at += length;
    return place;
  });
  return { places, end: at };
}

export interface BodySpool {
  /** The file descriptor each worker appends to (a process's threads share its descriptors). */
  readonly descriptors: readonly number[];
  /** Notes where worker `file` wrote the body of the report `id`. */
  note(id: string, file: number, body: SpooledBody): void;
  /**
   * The bodies by report: read from the spool where a worker wrote them, from `otherwise` for the
   * reports it did not parse (taken from the parse cache) and once the spool is closed.
   */
  bodies(otherwise: ReportBodies): ReportBodies;
  close(): void;
}

/** A spool of `files` scratch files in `dir` (created if needed). */
export function openBodySpool(dir: string, files: number): BodySpool {
  const descriptors: number[] = [];
  try {
    for (let file = 0; file < files; file++) descriptors.push(openScratchFile(dir, `body-spool-${file}`));
  } catch (error) {
    descriptors.forEach((descriptor) => closeSync(descriptor));
    throw error;
  }

  // Noted in the order workers finish their batches; sorted by id once, when first asked.
  let noted: { ids: string[]; files: number[]; starts: number[]; lengths: number[] } | undefined = { ids: [], files: [], starts: [], lengths: [] };
  let sorted: { ids: string[]; files: Uint16Array; starts: Float64Array; lengths: Uint32Array } | undefined;
  let open = true;
  const sortNoted = () => {
    if (sorted) return sorted;
    const { ids, files, starts, lengths } = noted!;
    const order = Uint32Array.from(ids.keys()).sort((a, b) => (ids[a]! < ids[b]! ? -1 : 1));
    sorted = {
      ids: Array.from(order, (index) => ids[index]!),
      files: Uint16Array.from(order, (index) => files[index]!),
      starts: Float64Array.from(order, (index) => starts[index]!),
      lengths: Uint32Array.from(order, (index) => lengths[index]!),
    };
    noted = undefined;
    return sorted;
  };
  const readText = textReader();

  return {
    descriptors,
    note(id, file, { at, bytes }) {
      noted!.ids.push(id);
      noted!.files.push(file);
      noted!.starts.push(at);
      noted!.lengths.push(bytes);
    },
    bodies(otherwise) {
      return (report) => {
        if (!open) return otherwise(report);
        const { ids, files, starts, lengths } = sortNoted();
        // Report ids are unique in a catalogue (cross-checks.ts).
        const index = sortedPosition(ids.length, (position) => ids[position]!, report.id);
        if (index === -1) return otherwise(report);
        return readText(descriptors[files[index]!]!, starts[index]!, lengths[index]!, `the body of the report ${report.id}`);
      };
    },
    close() {
      if (!open) return;
      open = false;
      noted = undefined;
      sorted = undefined;
      descriptors.forEach((descriptor) => closeSync(descriptor));
    },
  };
}
