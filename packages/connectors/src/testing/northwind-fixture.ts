/**
 * Test fixture: the Northwind CSV files (datasets/northwind, see its README) loaded into a
 * throwaway DuckDB file the way a FILE source loads uploads — one table per file through
 * `read_csv_auto`, named after the file, with no declared keys, so the semantic model has to
 * infer keys and joins from the column names alone.
 */
import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';

export const NORTHWIND_DIR = fileURLToPath(new URL('./datasets/northwind/', import.meta.url));

/** The orders run from 1996-07-04 to 1998-05-06; "today" is the day after the last one. */
export const NORTHWIND_TODAY = '1998-05-07';

/** Table name for a file: its base name, lower case, other characters as underscores. */
export function getTableName(file: string): string {
  return file
    .replace(/\.csv$/i, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_');
}

/** Creates a fresh DuckDB file with one table per CSV file; the caller removes it. */
export async function createNorthwindDatabase(): Promise<string> {
  const path = join(tmpdir(), `parley-test-northwind-${process.pid}-${Date.now()}.duckdb`);
  rmSync(path, { force: true });
  const instance = await DuckDBInstance.create(path);
  const connection = await instance.connect();
  try {
    for (const file of readdirSync(NORTHWIND_DIR)
      .filter((f) => f.endsWith('.csv'))
      .sort()) {
      const source = join(NORTHWIND_DIR, file).replace(/'/g, "''");
      await connection.run(
        `CREATE TABLE "${getTableName(file)}" AS SELECT * FROM read_csv_auto('${source}', header = true)`,
      );
    }
    await connection.run('CHECKPOINT');
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  return path;
}
