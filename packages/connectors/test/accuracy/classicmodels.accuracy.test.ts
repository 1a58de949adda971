import { generateModel, type TSemanticModel } from '@parley/engine';
import { testDatabaseUrl } from '@parley/testing';
import { runAccuracyCase, summarise, type TAccuracyOutcome } from '@parley/testing/accuracy/accuracy-runner';
import { CLASSICMODELS_CASES, CLASSICMODELS_CONTEXT } from '@parley/testing/accuracy/classicmodels.cases';
import {
  createClassicmodelsDatabase,
  type TClassicmodelsDatabase,
} from '@parley/testing/fixtures/classicmodels-fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresConnector } from '../../src/postgres/postgres.connector';

// Needs a PostgreSQL server (TEST_DATABASE_URL; skipped when unset) and psql. Measured before the
// issue 29 engine changes: the known failures say why each case fails today; no percentage threshold.
describe.skipIf(!testDatabaseUrl())(
  'accuracy: classicmodels in PostgreSQL with an introspected model',
  () => {
    let database: TClassicmodelsDatabase | null = null;
    let connector: PostgresConnector;
    let model: TSemanticModel;
    const outcomes: TAccuracyOutcome[] = [];
    beforeAll(async () => {
      database = createClassicmodelsDatabase();
      connector = new PostgresConnector(database.config, { account: 'public', allowPrivateHosts: true });
      model = generateModel(await connector.introspect(), 'classicmodels');
    }, 120_000);
    afterAll(async () => {
      await connector?.close();
      database?.drop();
    });

    for (const c of CLASSICMODELS_CASES) {
      // A known failure must still fail: when it starts passing, take it off the list.
      it(`${c.knownFailure ? '(known failure) ' : ''}${c.phrase}`, async () => {
        const outcome = await runAccuracyCase(connector, model, c, CLASSICMODELS_CONTEXT);
        outcomes.push(outcome);
        expect(outcome.ok, `${outcome.phrase}\n  ${outcome.detail}`).toBe(!c.knownFailure);
      });
    }

    it('reports the score with every case run', () => {
      console.log(summarise('classicmodels', outcomes).report);
      expect(outcomes).toHaveLength(CLASSICMODELS_CASES.length);
      expect(CLASSICMODELS_CASES.length).toBeGreaterThanOrEqual(36);
    });
  },
);
