/**
 * The jaffle shop's dbt import against the real database: its postgres/ scripts loaded into a
 * throwaway PostgreSQL database (TEST_DATABASE_URL) and introspected by the PostgreSQL connector.
 * Test-only imports of @parley/testing and @parley/connectors: the engine itself stays free of I/O.
 */
import { PostgresConnector } from '@parley/connectors';
import { testDatabaseUrl } from '@parley/testing';
import { createJaffleDatabase, type TJaffleDatabase } from '@parley/testing/fixtures/jaffle-fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileQuery } from '../../compiler/compile';
import { generateModel } from '../introspect/generate-model';
import type { TIntrospection } from '../introspection';
import { applyOverlay } from '../overlay/apply-overlay';
import type { TSemanticModel } from '../semantic-model';
import { importDbt } from './import-dbt';
import { JAFFLE_SCHEMA, jaffleFiles } from './jaffle-dbt.testkit';

const DATASETS = process.env.PARLEY_DATASETS_DIR;

describe.skipIf(!DATASETS || !testDatabaseUrl())('importDbt: the jaffle shop in PostgreSQL', () => {
  let database: TJaffleDatabase;
  let connector: PostgresConnector;
  let schema: TIntrospection;
  let base: TSemanticModel;

  beforeAll(async () => {
    database = createJaffleDatabase();
    connector = new PostgresConnector(database.config, { account: 'public', allowPrivateHosts: true });
    schema = await connector.introspect();
    base = generateModel(schema, 'jaffle');
  }, 60_000);

  afterAll(async () => {
    await connector?.close();
    database?.drop();
  });

  it('maps the introspected database as it maps the schema the unit test describes', () => {
    const real = importDbt(jaffleFiles(DATASETS!), base, schema);
    const described = importDbt(
      jaffleFiles(DATASETS!),
      generateModel(JAFFLE_SCHEMA, 'jaffle'),
      JAFFLE_SCHEMA,
    );
    expect(real).toEqual(described);
  });

  /** One measure over all time, compiled from the model with the import applied and run. */
  async function measureValue(model: TSemanticModel, measure: string): Promise<number> {
    const query = { measures: [measure], dimensions: [], filters: [], timeDimension: undefined };
    const compiled = compileQuery(query, model, {
      dialect: 'postgres',
      today: '2018-04-10',
      weekStart: 'monday',
    });
    const result = await connector.query(compiled.sql, compiled.params, { timeoutMs: 20_000, maxRows: 10 });
    return Number(Object.values(result.rows[0])[0]);
  }

  it('answers the metrics with the values the dataset README gives', async () => {
    const { overlay } = importDbt(jaffleFiles(DATASETS!), base, schema);
    const applied = applyOverlay(base, overlay, schema);
    expect(applied.disabled).toEqual([]);
    expect(await measureValue(applied.model, 'amount')).toBe(1672);
    expect(await measureValue(applied.model, 'gift_card_amount')).toBe(205);
    expect(await measureValue(applied.model, 'non_gift_card_amount')).toBe(1467);
    expect(await measureValue(applied.model, 'returned_amount')).toBe(38);
    expect(await measureValue(applied.model, 'returned_percent')).toBeCloseTo(38 / 1672, 10);
  });
});
