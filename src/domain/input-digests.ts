/**
 * What each record of the catalogue was made from, as a short digest: its file's identity (git's
 * blob id) and everything else the record takes in (commit time, its landmark, popularity, its
 * reports). With the same code and site URL, a record with the same digest is published byte for
 * byte the same, so the build can reuse an output file whose records all kept theirs instead of
 * serialising a million records again. The hash function is given by the caller: this layer also
 * runs in the Worker, which needs none.
 */

/**
 * A digest of a text, at least `digestBytes` long (SHA-256 in the build), as a string of one
 * character per byte (Node's "binary"): a hash gives that without making a buffer per record,
 * which took three times as long over a million reports.
 */
export type DigestFunction = (text: string) => string;

export const digestBytes = 16;
const wordsPerDigest = digestBytes / 4;

/** Fixed-size digests in one buffer, in catalogue order: a million records take 16 MB, not a million objects. */
export class DigestList {
  private bytes: Uint8Array;
  length = 0;

  constructor(capacity = 1024) {
    this.bytes = new Uint8Array(Math.max(1, capacity) * digestBytes);
  }

  /**
   * Adds a digest, given as a string of one character per byte or as bytes: the `index`-th digest
   * of `digest` when that holds several one after another (a kept shard's), copied without a view
   * of it, which was an object per record of a million.
   */
  push(digest: Uint8Array | string, index = 0): void {
    if ((this.length + 1) * digestBytes > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    const start = this.length * digestBytes;
    if (typeof digest === 'string') {
      for (let offset = 0; offset < digestBytes; offset++) this.bytes[start + offset] = digest.charCodeAt(offset);
    } else {
      const from = index * digestBytes;
      if (from + digestBytes > digest.length) throw new RangeError(`no digest at ${index} of ${Math.floor(digest.length / digestBytes)}`);
      for (let offset = 0; offset < digestBytes; offset++) this.bytes[start + offset] = digest[from + offset]!;
    }
    this.length++;
  }

  /** Puts `digest` in place of the one at `index`. */
  replace(index: number, digest: string): void {
    if (index < 0 || index >= this.length) throw new RangeError(`no digest at ${index} of ${this.length}`);
    const start = index * digestBytes;
    for (let offset = 0; offset < digestBytes; offset++) this.bytes[start + offset] = digest.charCodeAt(offset);
  }

  at(index: number): Uint8Array {
    if (index < 0 || index >= this.length) throw new RangeError(`no digest at ${index} of ${this.length}`);
    return this.bytes.subarray(index * digestBytes, (index + 1) * digestBytes);
  }

  /**
   * The digests at `positions`, one after another in one buffer: what a file made from scattered
   * records is keyed by. A view per digest cost an object and a call into the hash per record, a
   * second of a one-report rebuild at a million reports.
   */
  gathered(positions: ArrayLike<number>): Uint8Array {
    const gathered = new Uint8Array(positions.length * digestBytes);
    // Four bytes at a time, through views of both buffers (each starts its own, so aligned): a view
    // per digest to copy from would be an object per record again, and byte by byte this took a
    // third of a second of a one-report rebuild at a million reports.
    const to = new Uint32Array(gathered.buffer, gathered.byteOffset, gathered.length / 4);
    const from = new Uint32Array(this.bytes.buffer, this.bytes.byteOffset, this.bytes.length / 4);
    for (let offset = 0; offset < positions.length; offset++) {
      const index = positions[offset]!;
      if (index < 0 || index >= this.length) throw new RangeError(`no digest at ${index} of ${this.length}`);
      for (let word = 0; word < wordsPerDigest; word++) to[offset * wordsPerDigest + word] = from[index * wordsPerDigest + word]!;
    }
    return gathered;
  }

  /** The digests from `start` to `end` (excluded) as one view of their bytes: a run of rows hashes them in one call. */
  range(start: number, end: number): Uint8Array {
    if (start < 0 || end > this.length || start > end) throw new RangeError(`no digests from ${start} to ${end} of ${this.length}`);
    return this.bytes.subarray(start * digestBytes, end * digestBytes);
  }

  /** The same digests in the order `order` gives (order[i] is the old index of the new i-th). */
  reordered(order: ArrayLike<number>): DigestList {
    const list = new DigestList(order.length);
    for (let index = 0; index < order.length; index++) list.push(this.bytes, order[index]!);
    return list;
  }
}

export interface InputDigests {
  /** One per `catalogue.reports` entry, in the same order. */
  reports: DigestList;
  /** One per `catalogue.landmarks` entry, in the same order. */
  landmarks: DigestList;
  /** One per `catalogue.landmarks` entry, in the same order: what its published checks were made from (checksInputText). */
  checks: DigestList;
}

/**
 * The digest's bytes as characters, one each: cheaper than hex, and as unambiguous at a fixed length.
 * Passed with `apply` rather than spread, which is ten times slower: every report's digest goes
 * through here once more for its landmark's.
 */
const asText = (bytes: Uint8Array) => String.fromCharCode.apply(null, bytes as unknown as number[]);

/**
 * The text a report's digest is taken of. A report shows its landmark's name, so the landmark's
 * file is among its inputs; its id and landmark come from its path, which the blob id leaves out.
 */
export function reportInputText(report: { id: string; landmarkSlug: string; committedAt?: string | undefined }, blobId: string, landmarkBlobId: string): string {
  return ['report', blobId, report.id, report.landmarkSlug, report.committedAt ?? '', landmarkBlobId].join('\0');
}

/**
 * The text a landmark's digest is taken of: its file, its popularity, the checks of its sources
 * that list dated closures (JSON; the nearby index answers with them), and its reports' digests.
 * Its other checks are not among them: they are published apart (checksInputText), and a run of
 * the watch, which gives most of them a new time, leaves the landmark's digest as it was.
 */
export function landmarkInputText(blobId: string, slug: string, wikipediaEditions: number | null, reportDigests: readonly Uint8Array[], datedClosureChecks = '[]'): string {
  return ['landmark', blobId, slug, String(wikipediaEditions), datedClosureChecks, ...reportDigests.map(asText)].join('\0');
}

/** The text the digest of a landmark's published checks is taken of: their JSON, which is all they are made from. */
export const checksInputText = (watchChecks: string): string => ['checks', watchChecks].join('\0');

/** The text a superseded report's digest is taken of: its own and that of the report that supersedes it. */
export function supersededInputText(ownDigest: Uint8Array, supersedingDigest: Uint8Array): string {
  return ['superseded', asText(ownDigest), asText(supersedingDigest)].join('\0');
}
