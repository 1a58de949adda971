/**
 * The jaffle shop's dbt import against the real database: its postgres/ scripts loaded into a
 * throwaway PostgreSQL database (TEST_DATABASE_URL) and introspected by the PostgreSQL connector.
 * Test-only imports of @parley/testing and @parley/connectors: the engine itself stays free of I/O.
 */
import { PostgresConnector } from '@parley/connectors';
import { testDatabaseUrl } from '@parley/testing';
import { createJaffleDatabase, type TJaffleDatabase } from '@parley/testing/fixtures/jaffle-fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateModel } from '../introspect/generate-model';
import type { TIntrospection } from '../introspection';
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
});
