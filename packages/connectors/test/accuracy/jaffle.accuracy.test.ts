import { generateModel, type TSemanticModel } from '@parley/engine';
import { testDatabaseUrl } from '@parley/testing';
import { runAccuracyCase, summarise, type TAccuracyOutcome } from '@parley/testing/accuracy/accuracy-runner';
import { JAFFLE_CASES, JAFFLE_CONTEXT } from '@parley/testing/accuracy/jaffle.cases';
import { createJaffleDatabase, type TJaffleDatabase } from '@parley/testing/fixtures/jaffle-fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresConnector } from '../../src/postgres/postgres.connector';

// Needs a PostgreSQL server (TEST_DATABASE_URL; skipped when unset) and psql.
describe.skipIf(!testDatabaseUrl())(
  'accuracy: dbt jaffle shop in PostgreSQL with an introspected model',
  () => {
    let database: TJaffleDatabase | null = null;
    let connector: PostgresConnector;
    let model: TSemanticModel;
    const outcomes: TAccuracyOutcome[] = [];
    beforeAll(async () => {
      database = createJaffleDatabase();
      connector = new PostgresConnector(database.config, { account: 'public', allowPrivateHosts: true });
      model = generateModel(await connector.introspect(), 'jaffle');
    }, 120_000);
    afterAll(async () => {
      await connector?.close();
      database?.drop();
    });

    for (const c of JAFFLE_CASES) {
      // A known failure must still fail: when it starts passing, take it off the list.
      it(`${c.knownFailure ? '(known failure) ' : ''}${c.phrase}`, async () => {
        const outcome = await runAccuracyCase(connector, model, c, JAFFLE_CONTEXT);
        outcomes.push(outcome);
        expect(outcome.ok, `${outcome.phrase}\n  ${outcome.detail}`).toBe(!c.knownFailure);
      });
    }

    // The score is recorded, not held to a threshold: the known-failures list says what misses and why.
    it('runs every case of the set and reports the score', () => {
      console.log(summarise('jaffle', outcomes).report);
      expect(outcomes).toHaveLength(JAFFLE_CASES.length);
      expect(JAFFLE_CASES.length).toBeGreaterThanOrEqual(30);
    });
  },
);
