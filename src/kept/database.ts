import { linkSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { fileIdentityOf, sha256OfSlices } from './digests.ts';
import { keptStore, keptStoreDir, type KeptStore } from './kept-store.ts';

/**
 * The SQLite download of the last build, kept (git-ignored, beside the output store) with the
 * NDJSON files it was loaded from, each named by its SHA-256 with its number of rows and the first
 * and last of their primary keys. The next build starts from this database: it deletes the rows of
 * the NDJSON files whose bytes changed, inserts those of the new files, and copies the result into
 * the download with VACUUM INTO (src/emit/downloads/sqlite-database.ts), instead of parsing and
 * binding a million rows in JavaScript or copying them one by one (at a million reports, 8.6 s of
 * CPU for the copy and the index, against 2.2 s for the rows changed and the VACUUM, measured on
 * 2026-12-04). The NDJSON files hold their rows in key order, so a file's rows are the kept rows
 * between its first and last key, and the count deleted is checked against its rows.
 *
 * VACUUM lays the copy out from the rows alone, so the new file is byte for byte the one a build
 * without it makes (tested). The database is trusted only when its bytes are those noted when it
 * was kept (the SHA-256 of each part it was cut into), the notes pass their own hash check, and it
 * was made by the same code (the output store's fingerprint). Its bytes are hashed again only when
 * the file no longer has the identity on disk it had when kept (digests.ts): at a million reports,
 * reading and hashing them took 1.5 s of the thread that every rebuild waits for; otherwise every
 * row is inserted afresh. A build takes the file out of the store before changing it, so two
 * builds at once never change the same file: the second finds none and inserts every row.
 *
 * The files the download was cut into are kept too, as hard links to the published ones with
 * their SHA-256: VACUUM writes the rows in key order, so every part before the first changed row
 * comes out with the same bytes. The next build compares each part it cuts with the one kept in
 * its place and, when their bytes are the same and the kept file still has the identity on disk it
 * had when kept, links it instead of writing and hashing it again.
 *
 * So are the NDJSON files it was loaded from (hard links named by their SHA-256): a file whose
 * bytes changed is compared with the one it replaces line by line (row-changes.ts), and only the
 * rows whose lines changed are deleted and inserted. At a million reports, a hundred changed
 * reports touch most files of 9,800 rows, and deleting and inserting every row of those took 27 s.
 */

/** Sealed as every store's manifest is: a damaged row count or key would otherwise delete the wrong rows from an intact database. */
interface Manifest {
  /** database.sqlite's identity on disk once kept (fileIdentity), when it could be read. */
  identity?: string;
  tables: { name: string; files: LoadedFile[] }[];
  /**
   * The files the download was cut into, in order, each linked here as part-<n>: its size, its
   * SHA-256 and its identity once linked. database.sqlite is their bytes joined.
   */
  parts: { bytes: number; sha256: string; identity: string | null }[];
}

/** A file the last database was cut into, linked in the store: a build whose part has the same bytes links it rather than writing and hashing it. */
export interface KeptPart {
  file: string;
  sha256: string;
  /** The file's identity on disk when it was kept; a file that no longer has it is not used. */
  identity: string;
}

/** An NDJSON file a database was loaded from: its SHA-256, its rows, and the first and last of their primary keys (none when it has no rows). */
export interface LoadedFile {
  sha256: string;
  rows: number;
  keys?: [first: string, last: string];
}

/** The rows of one NDJSON file in the kept database: the `count` rows of its table from `firstKey` to `lastKey`. */
export interface KeptRun {
  /** The file's SHA-256. */
  sha256: string;
  count: number;
  firstKey: string;
  lastKey: string;
}

export interface KeptDatabase {
  /**
   * Takes the database out of the store, to change it into the next one (takeKeptDatabase): the
   * file it is now, or undefined when another build took it first.
   */
  take(): string | undefined;
  /** The rows loaded from the NDJSON file with this SHA-256 into `table`, when the kept database has them. */
  runOf(table: string, ndjsonSha256: string): KeptRun | undefined;
  /** The runs of `table` loaded from NDJSON files other than these: the rows a build starting from it deletes. */
  droppedRuns(table: string, ndjsonSha256s: readonly string[]): KeptRun[];
  /** The files it was cut into, by their place in the download, where the store still holds them. */
  parts: readonly (KeptPart | undefined)[];
  /**
   * Where the store linked the NDJSON file with this SHA-256 when it kept the database, if it could:
   * its bytes are to be checked against the SHA-256 before they are trusted.
   */
  loadedFile(sha256: string): string;
}

/** What a database was loaded from, table by table, in order: to keep it with. */
export type LoadedFrom = Manifest['tables'];

/** Where the build keeps the database of a content tree. */
export const keptDatabaseDir = (contentRoot: string): string => keptStoreDir(contentRoot, 'built-database');

const formatVersion = 5;
const databaseName = 'database.sqlite';
const partName = (index: number): string => `part-${index + 1}`;
const loadedFileName = (sha256: string): string => `ndjson-${sha256}`;
const storeOf = (dir: string, fingerprint: string): KeptStore => keptStore(dir, { format: formatVersion, fingerprint });

/** Where this process writes the next database, in `dir` so that keeping it is a rename. */
export const buildingDatabaseFile = (dir: string): string => storeOf(dir, '').incoming(databaseName);

/** The kept database, when it is intact and was made by code with this fingerprint. */
export function readKeptDatabase(dir: string, fingerprint: string): KeptDatabase | undefined {
  const store = storeOf(dir, fingerprint);
  const manifest = store.readManifestSync<Manifest>();
  // None kept, from other code, or damaged: every row is inserted.
  if (manifest === undefined) return undefined;
  const file = store.file(databaseName);
  const unchanged = manifest.identity !== undefined && fileIdentityOf(file) === manifest.identity;
  if (!unchanged && !isPartsJoined(file, manifest.parts)) return undefined;
  const runs = new Map<string, KeptRun>();
  for (const { name, files } of manifest.tables) {
    for (const { sha256, rows, keys: [firstKey, lastKey] = ['', ''] } of files) runs.set(`${name} ${sha256}`, { sha256, count: rows, firstKey, lastKey });
  }
  const droppedRuns = (table: string, ndjsonSha256s: readonly string[]): KeptRun[] => {
    const kept = new Set(ndjsonSha256s);
    const files = manifest.tables.find(({ name }) => name === table)?.files ?? [];
    return files.filter(({ sha256 }) => !kept.has(sha256)).map(({ sha256 }) => runs.get(`${table} ${sha256}`)!);
  };
  const parts = manifest.parts.map(({ sha256, identity }, index) => (identity === null ? undefined : { file: store.file(partName(index)), sha256, identity }));
  return { take: () => takeKeptDatabase(store), runOf: (table, ndjsonSha256) => runs.get(`${table} ${ndjsonSha256}`), droppedRuns, parts, loadedFile: (sha256) => store.file(loadedFileName(sha256)) };
}

/**
 * Whether text `a` sorts before `b` as SQLite sorts text, by its UTF-8 bytes. That is JavaScript's
 * order of UTF-16 code units, except that a character past U+FFFF (a surrogate pair) sorts after
 * U+E000 to U+FFFF in UTF-8 and before them in UTF-16.
 */
export function sortsBefore(a: string, b: string): boolean {
  let index = 0;
  while (index < a.length && index < b.length && a.charCodeAt(index) === b.charCodeAt(index)) index++;
  if (index === a.length || index === b.length) return a.length < b.length;
  const [x, y] = [a.charCodeAt(index), b.charCodeAt(index)];
  const surrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdfff;
  return surrogate(x) === surrogate(y) ? x < y : surrogate(y);
}

/**
 * Whether each table's files hold their keys in order, each file's after the last one's: only then
 * are a file's rows the kept rows between its first and last key. A file whose own rows were out of
 * order has no keys (tableRuns in from-ndjson.ts).
 */
function keysInOrder(loadedFrom: LoadedFrom): boolean {
  return loadedFrom.every(({ files }) => {
    const keys = files.filter((file) => file.rows > 0).map((file) => file.keys);
    return keys.every((pair, index) => {
      const before = keys[index - 1]?.[1];
      return pair !== undefined && !sortsBefore(pair[1], pair[0]) && (before === undefined || sortsBefore(before, pair[0]));
    });
  });
}

/** Whether the file's bytes are the parts' joined: each slice of a part's size has its hash. */
const isPartsJoined = (file: string, parts: Manifest['parts']): boolean =>
  sha256OfSlices(file, parts.map(({ bytes }) => bytes))?.every((sha256, index) => sha256 === parts[index]!.sha256) ?? false;

/**
 * Keeps `building` for the next build, and links the files it was cut into (`parts`, as
 * published, with their sizes and SHA-256) and the NDJSON files it was loaded from (`sources`,
 * with their SHA-256); they replace those kept. The links cost no disk while the site publishes
 * the same files.
 */
export function keepDatabase(
  dir: string,
  building: string,
  loadedFrom: LoadedFrom,
  fingerprint: string,
  parts: readonly { file: string; bytes: number; sha256: string }[],
  sources: readonly { file: string; sha256: string }[] = [],
): void {
  if (!keysInOrder(loadedFrom)) throw new Error('the NDJSON files do not hold their keys in order: the next build inserts every row');
  const store = storeOf(dir, fingerprint);
  store.moveIntoPlaceSync(building, databaseName);
  const identity = fileIdentityOf(store.file(databaseName));
  const kept = parts.map((part, index) => {
    const temporary = store.incoming(partName(index));
    try {
      linkSync(part.file, temporary);
      store.moveIntoPlaceSync(temporary, partName(index));
      return { bytes: part.bytes, sha256: part.sha256, identity: fileIdentityOf(store.file(partName(index))) ?? null };
    } catch {
      return { bytes: part.bytes, sha256: part.sha256, identity: null }; // not linked: that part is written again next time
    } finally {
      // A rename onto another link to the same file (a part linked from the one kept) does nothing, and leaves it.
      rmSync(temporary, { force: true });
    }
  });
  // Linked again even when one of that name is kept (it may have been changed in place since);
  // one that cannot be linked has its rows deleted and inserted whole by the next build, as before.
  const loaded = new Set(sources.map(({ sha256 }) => loadedFileName(sha256)));
  for (const { file, sha256 } of sources) {
    const temporary = store.incoming(loadedFileName(sha256));
    try {
      linkSync(file, temporary);
      store.moveIntoPlaceSync(temporary, loadedFileName(sha256));
    } catch {
      // Not linked: see above.
    } finally {
      // A rename onto another link to the same file does nothing, and leaves it.
      rmSync(temporary, { force: true });
    }
  }
  // The parts of a longer database before, and the NDJSON files of the last: they would keep files no site publishes any more.
  for (const name of readdirSync(store.dir)) {
    const index = /^part-(\d+)$/.exec(name)?.[1];
    if ((index !== undefined && Number(index) > parts.length) || (name.startsWith(loadedFileName('')) && !loaded.has(name))) rmSync(store.file(name), { force: true });
  }
  store.writeManifestSync({ ...(identity !== undefined ? { identity } : {}), tables: loadedFrom, parts: kept } satisfies Manifest);
}

/**
 * Takes the kept database out of the store, to change it into the next one: once renamed, no other
 * build uses it, and should this one fail, none is kept and the next build inserts every row. The
 * caller removes the file once it has copied it (freeing its blocks, 1.2 GB at a million reports,
 * took 1.3 s, so that is done while the build goes on); a build killed meanwhile leaves it to
 * removeAbandonedDatabases. Undefined when there is none.
 */
function takeKeptDatabase(store: KeptStore): string | undefined {
  const taken = store.incoming(`${databaseName}.taken`);
  try {
    renameSync(store.file(databaseName), taken);
    return taken;
  } catch {
    return undefined;
  }
}

/** A database left by a build that was killed weighs as much as the download: removed once its owner is gone. */
export function removeAbandonedDatabases(dir: string): void {
  storeOf(dir, '').removeAbandoned();
}
