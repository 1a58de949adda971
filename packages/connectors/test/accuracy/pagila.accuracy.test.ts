import { generateModel, type TSemanticModel } from '@parley/engine';
import { testDatabaseUrl } from '@parley/testing';
import { runAccuracyCase, summarise, type TAccuracyOutcome } from '@parley/testing/accuracy/accuracy-runner';
import { PAGILA_CASES, PAGILA_CONTEXT } from '@parley/testing/accuracy/pagila.cases';
import { createPagilaDatabase, type TPagilaDatabase } from '@parley/testing/fixtures/pagila-fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresConnector } from '../../src/postgres/postgres.connector';

// Needs a PostgreSQL server (TEST_DATABASE_URL; skipped when unset) and psql.
describe.skipIf(!testDatabaseUrl())('accuracy: Pagila in PostgreSQL with an introspected model', () => {
  let database: TPagilaDatabase | null = null;
  let connector: PostgresConnector;
  let model: TSemanticModel;
  const outcomes: TAccuracyOutcome[] = [];
  beforeAll(async () => {
    database = createPagilaDatabase();
    connector = new PostgresConnector(database.config, { account: 'public', allowPrivateHosts: true });
    model = generateModel(await connector.introspect(), 'pagila');
  }, 120_000);
  afterAll(async () => {
    await connector?.close();
    database?.drop();
  });

  for (const c of PAGILA_CASES) {
    // A known failure must still fail: when it starts passing, take it off the list.
    it(`${c.knownFailure ? '(known failure) ' : ''}${c.phrase}`, async () => {
      const outcome = await runAccuracyCase(connector, model, c, PAGILA_CONTEXT);
      outcomes.push(outcome);
      expect(outcome.ok, `${outcome.phrase}\n  ${outcome.detail}`).toBe(!c.knownFailure);
    });
  }

  it('reports the set (each case is asserted on its own, with its known failures)', () => {
    const { report } = summarise('pagila', outcomes);
    console.log(report);
    expect(outcomes).toHaveLength(PAGILA_CASES.length);
    expect(PAGILA_CASES.length).toBeGreaterThanOrEqual(30);
  });
});
