import { rmSync } from 'node:fs';
import { generateModel, type TSemanticModel } from '@parley/engine';
import { testDatabaseUrl } from '@parley/testing';
import { runAccuracyCase, summarise, type TAccuracyOutcome } from '@parley/testing/accuracy/accuracy-runner';
import { HR_CASES } from '@parley/testing/accuracy/hr.cases';
import { createHrDatabase, HR_TODAY, hrSqlScript } from '@parley/testing/accuracy/hr.fixture';
import { createPsqlDatabase, type TPsqlDatabase } from '@parley/testing/fixtures/psql-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresConnector } from '../../src/postgres/postgres.connector';

const CONTEXT = { today: HR_TODAY, weekStart: 'monday' as const };

// The HR set's tables copied into a throwaway PostgreSQL database, so the valid-at SQL is proven on
// both dialects (TEST_DATABASE_URL; skipped when unset).
describe.skipIf(!testDatabaseUrl())('accuracy: HR history tables in PostgreSQL', () => {
  let database: TPsqlDatabase | null = null;
  let connector: PostgresConnector;
  let model: TSemanticModel;
  const outcomes: TAccuracyOutcome[] = [];
  beforeAll(async () => {
    const path = await createHrDatabase();
    try {
      database = createPsqlDatabase('hr', [Buffer.from(await hrSqlScript(path))]);
    } finally {
      rmSync(path, { force: true });
    }
    connector = new PostgresConnector(database.config, { account: 'public', allowPrivateHosts: true });
    model = generateModel(await connector.introspect(), 'hr');
  }, 120_000);
  afterAll(async () => {
    if (outcomes.length > 0) console.log(summarise('hr (postgres)', outcomes).report);
    await connector?.close();
    database?.drop();
  });

  for (const c of HR_CASES) {
    // A known failure must still fail: when it starts passing, take it off the list.
    it(`${c.knownFailure ? '(known failure) ' : ''}${c.phrase}`, async () => {
      const outcome = await runAccuracyCase(connector, model, c, CONTEXT);
      outcomes.push(outcome);
      expect(outcome.ok, `${outcome.phrase}\n  ${outcome.detail}`).toBe(!c.knownFailure);
    });
  }
});
