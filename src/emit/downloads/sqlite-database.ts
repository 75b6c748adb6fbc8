import { rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { CellValue, FlatColumn } from '../../formats/flat-columns.ts';
import type { KeptRun } from '../../kept/database.ts';

/**
 * The SQLite download, ready for Datasette, DuckDB or sqlite3: the same tables and columns as the
 * CSV files, with primary keys, NOT NULL, a foreign key and an index on it. Written with Node's
 * built-in SQLite, so no dependency. Column descriptions are SQL comments in CREATE TABLE, which
 * SQLite keeps, so `.schema` and Datasette show them.
 *
 * The rows are written into a working database, which VACUUM INTO then copies into the download:
 * VACUUM lays every table and index out afresh, in key order and packed, so the file depends only
 * on the rows, not on how the working database came to hold them (with the same SQLite version).
 * That lets a rebuild start from the last build's database and change only the rows that changed
 * (src/kept/database.ts) for the same bytes as a build that inserts every row.
 */

export interface SqliteTable {
  name: string;
  columns: readonly FlatColumn[];
  primaryKey: string;
  foreignKey?: { column: string; table: string; referencedColumn: string } | undefined;
  /** The rows in order, some of them as runs the kept database holds already (see src/kept/database.ts). */
  runs: Iterable<TableRun>;
}

/** Rows to insert, or a run of rows the kept database holds already and keeps. */
export type TableRun = { rows: Iterable<CellValue[]> } | { kept: KeptRun };

/**
 * The last build's database to start from, and for each table the rows to delete first, those no
 * longer published as they were: whole runs, and rows by their keys (each must be there).
 */
export interface DatabaseBase {
  file: string;
  dropped: ReadonlyMap<string, readonly KeptRun[]>;
  droppedKeys?: ReadonlyMap<string, readonly string[]>;
}

/**
 * Rows of about a kilobyte of text pack badly into SQLite's default 4 KiB pages. Measured on 100k
 * synthetic landmarks and 1M reports (VACUUM included): 4 KiB pages give 1066 MiB in 15 s, 16 KiB
 * 925 MiB in 11 s, 64 KiB 909 MiB in 7 s, with indexed lookups as fast. But every table and index
 * takes whole pages, so 64 KiB pages make the bundled data 512 KiB instead of 140 KiB; 16 KiB
 * pages keep most of the gain at scale and give 208 KiB.
 */
const pageSize = 16384;

/**
 * The working database's schema cookie, set before it is copied: VACUUM INTO gives the copy the
 * working database's cookie plus one, and a kept database carries the cookie of the last copy
 * where a new one carries the count of its CREATE statements.
 */
const workingSchemaCookie = 1;

const sqlName = (name: string) => `"${name.replace(/"/g, '""')}"`;
const sqlText = (text: string) => `'${text.replace(/'/g, "''")}'`;

function sqlType(column: FlatColumn): string {
  if (column.type === 'integer' || column.type === 'boolean') return 'INTEGER';
  if (column.type === 'number') return 'REAL';
  return 'TEXT';
}

/**
 * WITHOUT ROWID: each table is kept in the order of its primary key, which is the only order a
 * reader can count on, and no hidden rowid ties a row to the place it was inserted at, so a row
 * added or removed moves no other. It also spares the index a text primary key needs otherwise.
 */
export function createTableStatement(table: SqliteTable): string {
  const definitions = table.columns.map((column) => {
    const constraints = [
      column.name === table.primaryKey ? 'PRIMARY KEY' : '',
      column.nullable ? '' : 'NOT NULL',
      table.foreignKey?.column === column.name ? `REFERENCES ${sqlName(table.foreignKey.table)} (${sqlName(table.foreignKey.referencedColumn)})` : '',
    ].filter(Boolean);
    return { sql: [sqlName(column.name), sqlType(column), ...constraints].join(' '), comment: column.description.replace(/\s+/g, ' ') };
  });
  const lines = definitions.map(({ sql, comment }, index) => `  ${sql}${index < definitions.length - 1 ? ',' : ''} -- ${comment}`);
  return `CREATE TABLE ${sqlName(table.name)} (\n${lines.join('\n')}\n) WITHOUT ROWID`;
}

function checkKeys(table: SqliteTable): void {
  const names = new Set(table.columns.map((column) => column.name));
  for (const key of [table.primaryKey, table.foreignKey?.column]) {
    if (key !== undefined && !names.has(key)) {
      throw new Error(`SQLite table ${table.name}: key column "${key}" is not among its columns (${[...names].join(', ')}); update the table definition in src/formats/download-records.ts`);
    }
  }
}

function deleteRun(remove: StatementSync, table: string, { count, firstKey, lastKey }: KeptRun): void {
  if (count === 0) return;
  const { changes } = remove.run(firstKey, lastKey);
  // The kept file passed its hash check, so this is a bug, not damage: say so rather than publish a
  // wrong table. The file taken is removed with the failed build, so the next one inserts every row.
  if (Number(changes) !== count) {
    throw new Error(`SQLite table ${table}: expected ${count} rows from ${firstKey} to ${lastKey} in the kept database; deleted ${changes} (report this as a bug; the next build inserts every row)`);
  }
}

function deleteRow(remove: StatementSync, table: string, key: string): void {
  // As for a run: the kept NDJSON file passed its hash check, so a missing row is a bug.
  if (Number(remove.run(key).changes) !== 1) {
    throw new Error(`SQLite table ${table}: expected the row ${key} in the kept database; found none (report this as a bug; the next build inserts every row)`);
  }
}

/**
 * Writes a new database at `file`, replacing any file there. Without `base`, every row is
 * inserted into a working database beside it, removed afterwards; with it, the base's dropped runs
 * are deleted and the rows given inserted, into the base itself: it is changed in place, and no
 * longer the last build's database.
 */
export async function writeSqliteDatabase(file: string, tables: readonly SqliteTable[], base?: DatabaseBase): Promise<void> {
  tables.forEach(checkKeys);
  const working = base?.file ?? `${file}.rows`;
  await Promise.all([file, ...(base ? [] : [working])].map((name) => rm(name, { force: true })));
  // Not defensive: that mode ignores the journal and schema cookie set here.
  const database = new DatabaseSync(working, { defensive: false });
  try {
    // The page size must be set before the first table exists; no journal: a failed build starts over.
    // The foreign key is declared for readers but not enforced while loading: the checks across
    // files already refused any report naming no landmark.
    database.exec(`PRAGMA page_size = ${pageSize}; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA foreign_keys = OFF;`);
    if (!base) for (const table of tables) database.exec(createTableStatement(table));
    database.exec('BEGIN');
    // The runs dropped first: a changed row is deleted before its new version is inserted.
    for (const table of base ? tables : []) {
      const remove = database.prepare(`DELETE FROM ${sqlName(table.name)} WHERE ${sqlName(table.primaryKey)} BETWEEN ? AND ?`);
      for (const run of base!.dropped.get(table.name) ?? []) deleteRun(remove, table.name, run);
      const keys = base!.droppedKeys?.get(table.name) ?? [];
      const removeRow = keys.length > 0 ? database.prepare(`DELETE FROM ${sqlName(table.name)} WHERE ${sqlName(table.primaryKey)} = ?`) : undefined;
      for (const key of keys) deleteRow(removeRow!, table.name, key);
    }
    for (const table of tables) {
      const insert = database.prepare(`INSERT INTO ${sqlName(table.name)} VALUES (${table.columns.map(() => '?').join(', ')})`);
      for (const run of table.runs) {
        if ('rows' in run) for (const row of run.rows) insert.run(...row.map((value) => (typeof value === 'boolean' ? Number(value) : value)));
      }
    }
    database.exec('COMMIT');
    if (!base) {
      // An index built once the rows are in is sorted once, not kept in order row by row. SQLite
      // sorts its keys on helper threads when allowed: the index of a million reports took 0.85 s
      // on two threads instead of 1.3 s on one.
      database.exec(`PRAGMA threads = ${availableParallelism()}`);
      for (const table of tables) {
        if (table.foreignKey) {
          database.exec(`CREATE INDEX ${sqlName(`${table.name}_by_${table.foreignKey.column}`)} ON ${sqlName(table.name)} (${sqlName(table.foreignKey.column)})`);
        }
      }
    }
    database.exec(`PRAGMA schema_version = ${workingSchemaCookie}`);
    database.exec(`VACUUM INTO ${sqlText(file)}`);
  } finally {
    database.close();
    if (!base) await rm(working, { force: true });
  }
}
