import type { Catalogue } from '../../domain/catalogue.ts';
import { jsonBytesOf, textOfUtf8Bytes, type Utf8Bytes } from '../../domain/json-texts.ts';
import type { DataLayout } from '../data-layout.ts';
import type { StoredLandmarkSummary } from '../../schema/api.ts';

/**
 * One data product: a kind of prebuilt file behind the API and the pages (landmark buckets, the
 * changes feed, the search shards, …), declared once with its paths, the files the build writes
 * and the reads the Worker makes, as an operation is declared once in operations/. The build writes
 * every product's files and the Worker's data store is every product's reader together
 * (data-products.ts lists them), so a new index is one file here and one line in that list.
 */
export interface DataProduct<Paths extends object = object, Reader extends object = object, ManifestFields extends object = object> {
  /** Its site paths under dataPrefix: the build writes there and the Worker reads there. */
  paths: Paths;
  /** What a reader must know before it can find a record (bucket counts, shard keys), kept in the data manifest. */
  manifestFields?(source: ProductSource): ManifestFields;
  /** Its files, one at a time (the build writes each as it comes); none when another step of the build writes them. */
  files(source: ProductSource): Iterable<DataFile>;
  /** The most files it makes for a catalogue of this size, for the file budget. */
  fileCount(sizes: CatalogueSizes, layout: DataLayout): number;
  /** Its reads, given how to read one prebuilt file, the data manifest, and the keys and records of a keyed-records file. */
  reader(read: ReadDataFile, manifest: () => Promise<ManifestFields & BaseManifest>, keyed: KeyedReads): Reader;
}

/** Keeps a product's literal types, so that its reader's methods reach the DataStore type. */
export const declareDataProduct = <Paths extends object, Reader extends object, ManifestFields extends object = object>(
  product: DataProduct<Paths, Reader, ManifestFields>,
): DataProduct<Paths, Reader, ManifestFields> => product;

/**
 * Where the build stores the prebuilt API data among the static assets, and so where the Worker
 * reads it. `/_data/` is never served directly: raw records lack what depends on the request time.
 */
export const dataPrefix = '/_data/';

export interface CatalogueSizes {
  landmarks: number;
  reports: number;
}

/** What every product's files are made from: the catalogue, and what several products derive from it once. */
export interface ProductSource {
  catalogue: Catalogue;
  summaries: readonly StoredLandmarkSummary[];
  layout: DataLayout;
  /** What the last build derived from the whole catalogue, when the build keeps it (src/emit/kept-derivations.ts). */
  kept?: KeptDerivations;
}

/**
 * Small values a product derives from the whole catalogue, kept between builds under a digest of
 * what they were made from, as the output store keeps files: a product whose files are made from
 * part of every record (the search index reads only names and places) can name that part, and a
 * rebuild that changed none of it reuses the value and the files instead of deriving them again.
 */
export interface KeptDerivations {
  /**
   * A digest of `texts` one after another, to name what a value or a file (`DataFile.madeFrom`) is
   * made from. Each text must mark its own end (a JSON array or object does): they are hashed one
   * after another, with nothing between them.
   */
  digestOf(texts: Iterable<string>): Uint8Array;
  /** The value the last build kept under `name` made from `madeFrom`; otherwise `make()`'s, kept for the next build. It must survive JSON. */
  value<T>(name: string, madeFrom: Uint8Array, make: () => T): T;
}

/** The manifest's fields that belong to no product. */
export interface BaseManifest {
  /** The site URL the data was built for: the origin browsers may call the MCP server from. */
  siteUrl: string;
  /** The repository of the content, for the pages' "edit" and "contribute" links. */
  repositoryUrl: string;
  landmarkCount: number;
  reportCount: number;
}

/** Reads and parses one prebuilt file by its site path, e.g. `/_data/manifest.json`. */
export type ReadDataFile = <T>(sitePath: string) => Promise<T>;

/** Reads a keyed-records file (keyed-records.ts) by its site path without parsing the records it does not ask for. */
export interface KeyedReads {
  /** One record by its key, parsed alone; undefined when the file holds none under the key. */
  record<T>(sitePath: string, key: string): Promise<T | undefined>;
  /** The file's keys, in the order of its records. */
  keys(sitePath: string): Promise<readonly string[]>;
}

/** One file made from the catalogue (behind the API routes, or the sitemap); its contents are made only when it cannot be reused. */
export interface DataFile {
  sitePath: string;
  /**
   * The file's text; or its UTF-8 bytes, one character per byte (see json-texts.ts), in pieces
   * written one after another. A keyed-records file (keyed-records.ts) makes each record's line
   * through `lines` when given one, so that a rebuild copies the lines that did not change.
   */
  contents(lines?: LineSource): string | readonly Utf8Bytes[];
  /**
   * The input digests of the records it holds, in order, when the catalogue has them and the file
   * holds nothing else: the build reuses the file a previous build made from the same records.
   */
  madeFrom?: () => Uint8Array[];
}

/**
 * Where a keyed-records file being made gets each record's line (its JSON text, without the
 * newline): the line the file at the same path held in the last build, when its record under the
 * same key was made from the same `inputs` (its input digests); otherwise `make()`'s. The file was
 * made again because some of its records changed, most of them seldom: at 100k landmarks and a
 * million reports, the files a rebuild made again after one changed report held 2,150 records
 * (report and landmark buckets, cells of the nearby index), after a hundred 89,000, each made
 * with its reports' evidence and bodies read again.
 */
export interface LineSource {
  line(key: string, inputs: Uint8Array, make: () => Utf8Bytes | readonly Utf8Bytes[]): Utf8Bytes | readonly Utf8Bytes[];
}

/**
 * A value's JSON text and its newline, as pieces (see DataFile): joined, a large file's text was
 * copied once more into a flat string before it was encoded.
 */
const json = (value: unknown): Utf8Bytes[] => [jsonBytesOf(value), '\n' as Utf8Bytes];

/** A data file with these contents, made from the records with these input digests when they are known. */
export const dataFileOf = (sitePath: string, contents: DataFile['contents'], madeFrom: (() => Uint8Array[]) | undefined): DataFile =>
  madeFrom ? { sitePath, contents, madeFrom } : { sitePath, contents };

export const dataFile = (sitePath: string, value: () => unknown, madeFrom?: () => Uint8Array[]): DataFile => dataFileOf(sitePath, () => json(value()), madeFrom);

/** The text of a data file, whichever way it holds its contents. */
export function dataFileText(file: DataFile): string {
  const contents = file.contents();
  return typeof contents === 'string' ? contents : textOfUtf8Bytes(contents.join('') as Utf8Bytes);
}

/** A data file made from its JSON text as UTF-8 bytes in pieces, for files joined from texts made once per build (publishedReportJson). */
export function jsonDataFile(sitePath: string, pieces: () => Utf8Bytes[], madeFrom?: () => Uint8Array[]): DataFile {
  return dataFileOf(sitePath, () => [...pieces(), '\n' as Utf8Bytes], madeFrom);
}
