import { createHash } from 'node:crypto';
import { closeSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isRunning } from '../running-process.ts';

/**
 * The SQLite download of the last build, kept (git-ignored, beside the output store) with the
 * NDJSON files it was loaded from, each named by its SHA-256 with its number of rows. The next
 * build copies the rows of every NDJSON file that kept its bytes from this database, inside SQLite,
 * instead of parsing and binding them again in JavaScript: at a million reports that was most of
 * the SQLite thread's 12 s of CPU, on a machine whose two cores the build keeps busy.
 *
 * The rows are copied in the order they were inserted, so the new file is byte for byte the one
 * a build without it makes (tested). The database is trusted only when its SHA-256 is the one
 * noted when it was kept, the notes pass their own hash check, and it was made by the same code
 * (the output store's fingerprint);
 * otherwise every row is inserted afresh. Two builds at once each write their own file, and a
 * database paired with the other build's notes fails the hash check.
 */

interface Manifest {
  format: number;
  fingerprint: string;
  /** SHA-256 of database.sqlite. */
  sha256: string;
  tables: { name: string; files: { sha256: string; rows: number }[] }[];
  /** SHA-256 of the fields above: a damaged row count would otherwise copy the wrong rows from an intact database. */
  check: string;
}

const checkOf = ({ format, fingerprint, sha256, tables }: Omit<Manifest, 'check'>) =>
  createHash('sha256').update(JSON.stringify([format, fingerprint, sha256, tables])).digest('hex');

/** The rows of one NDJSON file in the kept database: rowids first to first + count - 1 of its table. */
export interface KeptRun {
  firstRowid: number;
  count: number;
}

export interface KeptDatabase {
  file: string;
  /** The rows loaded from the NDJSON file with this SHA-256 into `table`, when the kept database has them. */
  runOf(table: string, ndjsonSha256: string): KeptRun | undefined;
}

/** What a database was loaded from, table by table, in order: to keep it with. */
export type LoadedFrom = Manifest['tables'];

/** Where the build keeps the database of a content tree (git-ignored, beside the output store). */
export const keptDatabaseDir = (contentRoot: string): string => path.join(contentRoot, '.cache/built-database');

const formatVersion = 1;
const databaseFile = (dir: string) => path.join(dir, 'database.sqlite');
const manifestFile = (dir: string) => path.join(dir, 'database.json');
const buildingPattern = /^building-(\d+)\.sqlite$/;

/** Where this process writes the next database, in `dir` so that keeping it is a rename. */
export const buildingDatabaseFile = (dir: string): string => path.join(dir, `building-${process.pid}.sqlite`);

/** The kept database, when it is intact and was made by code with this fingerprint. */
export function readKeptDatabase(dir: string, fingerprint: string): KeptDatabase | undefined {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestFile(dir), 'utf8')) as Manifest;
  } catch {
    return undefined; // none kept, or unreadable: every row is inserted
  }
  if (manifest.format !== formatVersion || manifest.fingerprint !== fingerprint || manifest.check !== checkOf(manifest)) return undefined;
  if (sha256OfFile(databaseFile(dir)) !== manifest.sha256) return undefined;
  const runs = new Map<string, KeptRun>();
  for (const { name, files } of manifest.tables) {
    let firstRowid = 1;
    for (const { sha256, rows } of files) {
      runs.set(`${name} ${sha256}`, { firstRowid, count: rows });
      firstRowid += rows;
    }
  }
  return { file: databaseFile(dir), runOf: (table, ndjsonSha256) => runs.get(`${table} ${ndjsonSha256}`) };
}

/** Keeps `building`, a database with the bytes hashing to `sha256`, for the next build; it replaces the one kept. */
export function keepDatabase(dir: string, building: string, sha256: string, loadedFrom: LoadedFrom, fingerprint: string): void {
  renameSync(building, databaseFile(dir));
  const incoming = `${manifestFile(dir)}.${process.pid}`;
  const manifest = { format: formatVersion, fingerprint, sha256, tables: loadedFrom };
  writeFileSync(incoming, JSON.stringify({ ...manifest, check: checkOf(manifest) } satisfies Manifest));
  renameSync(incoming, manifestFile(dir));
}

/** A database left by a build that was killed weighs as much as the download: removed once its owner is gone. */
export function removeAbandonedDatabases(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = buildingPattern.exec(name)?.[1] ?? /^database\.json\.(\d+)$/.exec(name)?.[1];
    if (pid !== undefined && !isRunning(Number(pid))) rmSync(path.join(dir, name), { force: true });
  }
}

function sha256OfFile(file: string): string | undefined {
  let descriptor: number | undefined;
  try {
    descriptor = openSync(file, 'r');
    const hash = createHash('sha256');
    const buffer = new Uint8Array(1024 * 1024);
    for (let bytes = readSync(descriptor, buffer); bytes > 0; bytes = readSync(descriptor, buffer)) hash.update(buffer.subarray(0, bytes));
    return hash.digest('hex');
  } catch {
    return undefined;
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}
