import { linkSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { fileIdentityOf, sha256OfSlices } from './digests.ts';
import { keptStore, keptStoreDir, type KeptStore } from './kept-store.ts';

/**
 * The SQLite download of the last build, kept (git-ignored, beside the output store) with the
 * NDJSON files it was loaded from, each named by its SHA-256 with its number of rows. The next
 * build copies the rows of every NDJSON file that kept its bytes from this database, inside SQLite,
 * instead of parsing and binding them again in JavaScript: at a million reports that was most of
 * the SQLite thread's 12 s of CPU, on a machine whose two cores the build keeps busy.
 *
 * The rows are copied in the order they were inserted, so the new file is byte for byte the one
 * a build without it makes (tested). The database is trusted only when its bytes are those noted
 * when it was kept (the SHA-256 of each part it was cut into), the notes pass their own hash
 * check, and it was made by the same code (the output store's fingerprint). Its bytes are hashed
 * again only when the file no longer has the identity on disk it had when kept (digests.ts): at a
 * million reports, reading and hashing them took 1.5 s of the thread that every rebuild waits for;
 * otherwise every row is inserted afresh. Two builds at once each write their own file, and a
 * database paired with the other build's notes fails the hash check.
 *
 * The files the download was cut into are kept too, as hard links to the published ones with
 * their SHA-256: rows appended in the same order fill the same pages, so every part before the
 * first changed row comes out with the same bytes. The next build compares each part it cuts with
 * the one kept in its place and, when their bytes are the same and the kept file still has the
 * identity on disk it had when kept, links it instead of writing and hashing it again.
 */

/** Sealed as every store's manifest is: a damaged row count would otherwise copy the wrong rows from an intact database. */
interface Manifest {
  /** database.sqlite's identity on disk once kept (fileIdentity), when it could be read. */
  identity?: string;
  tables: { name: string; files: { sha256: string; rows: number }[] }[];
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

/** The rows of one NDJSON file in the kept database: rowids first to first + count - 1 of its table. */
export interface KeptRun {
  firstRowid: number;
  count: number;
}

export interface KeptDatabase {
  file: string;
  /** The rows loaded from the NDJSON file with this SHA-256 into `table`, when the kept database has them. */
  runOf(table: string, ndjsonSha256: string): KeptRun | undefined;
  /** The files it was cut into, by their place in the download, where the store still holds them. */
  parts: readonly (KeptPart | undefined)[];
}

/** What a database was loaded from, table by table, in order: to keep it with. */
export type LoadedFrom = Manifest['tables'];

/** Where the build keeps the database of a content tree. */
export const keptDatabaseDir = (contentRoot: string): string => keptStoreDir(contentRoot, 'built-database');

const formatVersion = 4;
const databaseName = 'database.sqlite';
const partName = (index: number): string => `part-${index + 1}`;
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
    let firstRowid = 1;
    for (const { sha256, rows } of files) {
      runs.set(`${name} ${sha256}`, { firstRowid, count: rows });
      firstRowid += rows;
    }
  }
  const parts = manifest.parts.map(({ sha256, identity }, index) => (identity === null ? undefined : { file: store.file(partName(index)), sha256, identity }));
  return { file: store.file(databaseName), runOf: (table, ndjsonSha256) => runs.get(`${table} ${ndjsonSha256}`), parts };
}

/** Whether the file's bytes are the parts' joined: each slice of a part's size has its hash. */
const isPartsJoined = (file: string, parts: Manifest['parts']): boolean =>
  sha256OfSlices(file, parts.map(({ bytes }) => bytes))?.every((sha256, index) => sha256 === parts[index]!.sha256) ?? false;

/**
 * Keeps `building` for the next build, and links the files it was cut into (`parts`, as
 * published, with their sizes and SHA-256); they replace those kept. The links cost no disk while
 * the site publishes the same files.
 */
export function keepDatabase(dir: string, building: string, loadedFrom: LoadedFrom, fingerprint: string, parts: readonly { file: string; bytes: number; sha256: string }[]): void {
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
  // The parts of a longer database before: they would keep files no site publishes any more.
  for (const name of readdirSync(store.dir)) {
    const index = /^part-(\d+)$/.exec(name)?.[1];
    if (index !== undefined && Number(index) > parts.length) rmSync(store.file(name), { force: true });
  }
  store.writeManifestSync({ ...(identity !== undefined ? { identity } : {}), tables: loadedFrom, parts: kept } satisfies Manifest);
}

/**
 * Lets go of the kept database once its rows are copied: moved out of its place at once, and
 * removed while the build goes on. Kept in place, the new one was renamed over it, and freeing the
 * old file's blocks (1.2 GB at a million reports) took 1.3 s of the SQLite thread's tail, which a
 * rebuild waits for. Should the new one then fail to be cut or kept, none is kept, and the next
 * build inserts every row; a build killed meanwhile leaves the file to removeAbandonedDatabases.
 */
export async function letGoOfKeptDatabase(dir: string): Promise<void> {
  const store = storeOf(dir, '');
  const outgoing = store.incoming(`${databaseName}.old`);
  try {
    renameSync(store.file(databaseName), outgoing);
  } catch {
    return; // none kept
  }
  await rm(outgoing, { force: true });
}

/** A database left by a build that was killed weighs as much as the download: removed once its owner is gone. */
export function removeAbandonedDatabases(dir: string): void {
  storeOf(dir, '').removeAbandoned();
}
