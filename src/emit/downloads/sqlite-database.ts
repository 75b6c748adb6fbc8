import { rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { CellValue, FlatColumn } from '../../formats/flat-columns.ts';
import type { KeptRun } from '../../kept/database.ts';

/**
 * The SQLite download, ready for Datasette, DuckDB or sqlite3: the same tables and columns as the
 * CSV files, with primary keys, NOT NULL, a foreign key and an index on it. Written with Node's
 * built-in SQLite, so no dependency; a fixed page size and the same statements in the same order
 * (rows in catalogue order, indexes after them) make the file byte-identical for identical content
 * (with the same SQLite version). Column descriptions are SQL comments in CREATE TABLE, which
 * SQLite keeps, so `.schema` and Datasette show them.
 */

export interface SqliteTable {
  name: string;
  columns: readonly FlatColumn[];
  primaryKey: string;
  foreignKey?: { column: string; table: string; referencedColumn: string } | undefined;
  /** The rows in order, some of them as runs copied from the kept database (see src/kept/database.ts). */
  runs: Iterable<TableRun>;
}

/** Rows to insert, or the run of rows with these rowids in the same table of the kept database. */
export type TableRun = { rows: Iterable<CellValue[]> } | { kept: KeptRun };

/**
 * Rows of about a kilobyte of text pack badly into SQLite's default 4 KiB pages. Measured on 100k
 * synthetic landmarks and 1M reports (VACUUM included): 4 KiB pages give 1066 MiB in 15 s, 16 KiB
 * 925 MiB in 11 s, 64 KiB 909 MiB in 7 s, with indexed lookups as fast. But every table and index
 * takes whole pages, so 64 KiB pages make the bundled data 512 KiB instead of 140 KiB; 16 KiB
 * pages keep most of the gain at scale and give 208 KiB.
 */
const pageSize = 16384;

const sqlName = (name: string) => `"${name.replace(/"/g, '""')}"`;
const sqlText = (text: string) => `'${text.replace(/'/g, "''")}'`;

function copyRun(copy: StatementSync, keptFile: string, table: string, { firstRowid, count }: KeptRun): void {
  const { changes } = copy.run(firstRowid, firstRowid + count - 1);
  // The kept file passed its hash check, so this is a bug, not damage: say so rather than publish a short table.
  if (Number(changes) !== count) {
    throw new Error(`SQLite table ${table}: expected ${count} rows from rowid ${firstRowid} of the kept database; copied ${changes} (report this as a bug, and delete ${keptFile} to build without it)`);
  }
}

function sqlType(column: FlatColumn): string {
  if (column.type === 'integer' || column.type === 'boolean') return 'INTEGER';
  if (column.type === 'number') return 'REAL';
  return 'TEXT';
}

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
  return `CREATE TABLE ${sqlName(table.name)} (\n${lines.join('\n')}\n)`;
}

function checkKeys(table: SqliteTable): void {
  const names = new Set(table.columns.map((column) => column.name));
  for (const key of [table.primaryKey, table.foreignKey?.column]) {
    if (key !== undefined && !names.has(key)) {
      throw new Error(`SQLite table ${table.name}: key column "${key}" is not among its columns (${[...names].join(', ')}); update the table definition in src/formats/download-records.ts`);
    }
  }
}

/**
 * Writes a new database at `file`, replacing any file there; tables are filled in the given order.
 * Runs of kept rows are copied from `keptFile` in their order: rows appended in the same order
 * make the same pages whether they were bound from JavaScript or selected from another file.
 */
export async function writeSqliteDatabase(file: string, tables: readonly SqliteTable[], keptFile?: string): Promise<void> {
  tables.forEach(checkKeys);
  await rm(file, { force: true });
  const database = new DatabaseSync(file);
  try {
    // The page size must be set before the first table exists; no journal: a failed build starts over.
    // The foreign key is declared for readers but not enforced while loading: the checks across
    // files already refused any report naming no landmark, and checking each row again took a
    // quarter of the insert time on a million synthetic rows, for a file byte for byte the same.
    database.exec(`PRAGMA page_size = ${pageSize}; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA foreign_keys = OFF;`);
    for (const table of tables) database.exec(createTableStatement(table));
    if (keptFile) database.exec(`ATTACH DATABASE ${sqlText(keptFile)} AS kept`);
    database.exec('BEGIN');
    for (const table of tables) {
      const insert = database.prepare(`INSERT INTO main.${sqlName(table.name)} VALUES (${table.columns.map(() => '?').join(', ')})`);
      const copy = keptFile ? database.prepare(`INSERT INTO main.${sqlName(table.name)} SELECT * FROM kept.${sqlName(table.name)} WHERE rowid BETWEEN ? AND ? ORDER BY rowid`) : undefined;
      for (const run of table.runs) {
        if ('kept' in run) copyRun(copy!, keptFile!, table.name, run.kept);
        else for (const row of run.rows) insert.run(...row.map((value) => (typeof value === 'boolean' ? Number(value) : value)));
      }
    }
    database.exec('COMMIT');
    if (keptFile) database.exec('DETACH DATABASE kept');
    // Indexes built after the rows are loaded are built once, in order, and come out compact.
    // SQLite sorts an index's keys on helper threads when allowed: the index of a million reports
    // took 0.85 s on two threads instead of 1.3 s on one, in the same bytes.
    database.exec(`PRAGMA threads = ${availableParallelism()}`);
    for (const table of tables) {
      if (table.foreignKey) {
        database.exec(`CREATE INDEX ${sqlName(`${table.name}_by_${table.foreignKey.column}`)} ON ${sqlName(table.name)} (${sqlName(table.foreignKey.column)})`);
      }
    }
    // No VACUUM: tables filled in key order and indexes built last leave no free pages. On a
    // million synthetic reports it took 1.9-3.0 s for a file 0.6% smaller (465 MiB instead of 468).
  } finally {
    database.close();
  }
}
