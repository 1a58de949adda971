/** The sources the accuracy sets are asked against, opened with an introspected model. */
import { rmSync } from 'node:fs';
import { generateModel, getDemoModel } from '@parley/engine';
import type { TAccuracySource } from '@parley/testing/accuracy/accuracy-suite';
import { getTestDemoPath } from '@parley/testing/fixtures/demo-fixture';
import { loadFlatFile } from '@parley/testing/fixtures/flat-files-fixture';
import type { TPsqlDatabase } from '@parley/testing/fixtures/psql-database';
import { DuckDbConnector } from '../../src/duckdb/duckdb.connector';
import { PostgresConnector } from '../../src/postgres/postgres.connector';

/** A throwaway PostgreSQL database loaded by psql; dropped on dispose. */
export async function openPostgres(database: TPsqlDatabase, name: string): Promise<TAccuracySource> {
  const connector = new PostgresConnector(database.config, { account: 'public', allowPrivateHosts: true });
  const dispose = async (): Promise<void> => {
    await connector.close();
    database.drop();
  };
  try {
    const schema = await connector.introspect();
    return { connector, model: generateModel(schema, name), schema, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** A DuckDB file built by a synthetic set's fixture; removed on dispose. */
export async function openDuckDb(path: string, name: string): Promise<TAccuracySource> {
  const connector = new DuckDbConnector({ type: 'DUCKDB', path });
  const dispose = async (): Promise<void> => {
    await connector.close();
    rmSync(path, { force: true });
  };
  try {
    const schema = await connector.introspect();
    return { connector, model: generateModel(schema, name), schema, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** A public flat export loaded through the real upload loader; its data folder removed on dispose. */
export async function openFlatFile(which: Parameters<typeof loadFlatFile>[0]): Promise<TAccuracySource> {
  const file = await loadFlatFile(which);
  try {
    const schema = await file.connector.introspect();
    return {
      connector: file.connector,
      model: generateModel(schema, which),
      schema,
      dispose: () => file.dispose(),
    };
  } catch (error) {
    await file.dispose();
    throw error;
  }
}

/** The demo shop with its hand-written model; the file is shared by the demo sets, so it is kept. */
export async function openDemo(): Promise<TAccuracySource> {
  const connector = new DuckDbConnector({ type: 'DUCKDB', path: await getTestDemoPath() });
  try {
    return {
      connector,
      model: getDemoModel(),
      schema: await connector.introspect(),
      dispose: () => connector.close(),
    };
  } catch (error) {
    await connector.close();
    throw error;
  }
}
