/**
 * FILE sources: an uploaded CSV or Parquet file loaded once (file-loader.ts) into its own DuckDB
 * file under the data folder, then read like the demo — read-only, external access off.
 */
import { isAbsolute, join, relative } from 'node:path';
import type { TIntrospectedTable } from '@parley/engine';
import { z } from 'zod';
import { ConnectorError, type TConnectorContext } from '../connector';
import { DuckDbConnector } from '../duckdb/duckdb.connector';
import { lowCardinalityValues, quoteIdentifier } from '../sql/sql-connector';

/** A file name inside the data folder: no separators, no leading dot. */
const ZFileName = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/, 'must be a file name inside the data folder');

export const ZFileConfig = z.object({
  type: z.literal('FILE').default('FILE'),
  /** The DuckDB file loadTableFile wrote, relative to the data folder (e.g. `<sourceId>.duckdb`). */
  file: ZFileName,
  /** The one table in it. */
  table: z.string().min(1).max(63),
});
export type TFileSourceConfig = z.infer<typeof ZFileConfig>;

/** The path of a file name inside `dataDir`; ConnectorError('invalid_config') for anything outside it. */
export function resolveDataFile(dataDir: string, file: string): string {
  if (!dataDir) throw new ConnectorError('invalid_config', 'FILE sources need a data folder.');
  if (!ZFileName.safeParse(file).success) throw new ConnectorError('invalid_config', 'Invalid file name.');
  const path = join(dataDir, file);
  const rel = relative(dataDir, path);
  if (rel.startsWith('..') || isAbsolute(rel))
    throw new ConnectorError('invalid_config', 'Invalid file name.');
  return path;
}

export class FileConnector extends DuckDbConnector {
  constructor(
    readonly source: TFileSourceConfig,
    context: Pick<TConnectorContext, 'dataDir'>,
  ) {
    super({ path: resolveDataFile(context.dataDir, source.file) }, 'FILE');
  }

  /**
   * An export stores flags and small counts as whole numbers (0/1 "SeniorCitizen", "tenure" in
   * months): their distinct counts, and the values of the few-valued ones, tell a flag or a
   * grouping from a quantity. One pass per table (the ranges come from the base's); files are
   * small enough.
   */
  protected override async addTextValues(tables: TIntrospectedTable[]): Promise<void> {
    await super.addTextValues(tables);
    const q = quoteIdentifier;
    for (const table of tables) {
      const whole = table.columns.filter((col) => col.kind === 'integer');
      if (whole.length === 0) continue;
      const stats = await this.rows(
        `SELECT ${whole.map((col, i) => `COUNT(DISTINCT ${q(col.name)}) AS d${i}`).join(', ')} FROM ${q(table.name)}`,
      );
      for (const [i, col] of whole.entries()) {
        col.distinctCount = Number(stats[0][`d${i}`]);
        const range = col.range;
        // Only a column of 0s and 1s says its values: a flag's, never a quantity's.
        if (range && col.distinctCount <= 2 && range.min >= 0 && range.max <= 1)
          col.values = lowCardinalityValues([...new Set([range.min, range.max])].map(String));
      }
    }
  }
}
