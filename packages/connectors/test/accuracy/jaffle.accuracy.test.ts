import { testDatabaseUrl } from '@parley/testing';
import { accuracySuite } from '@parley/testing/accuracy/accuracy-suite';
import { JAFFLE_CASES, JAFFLE_CONTEXT } from '@parley/testing/accuracy/jaffle.cases';
import { createJaffleDatabase } from '@parley/testing/fixtures/jaffle-fixture';
import { describe } from 'vitest';
import { openPostgres } from './accuracy-sources';

// Needs a PostgreSQL server (TEST_DATABASE_URL; skipped when unset) and psql.
describe.skipIf(!testDatabaseUrl())(
  'accuracy: dbt jaffle shop in PostgreSQL with an introspected model',
  () => {
    accuracySuite(
      { name: 'jaffle', cases: JAFFLE_CASES, context: JAFFLE_CONTEXT, minCases: 30 },
      () => openPostgres(createJaffleDatabase(), 'jaffle'),
      120_000,
    );
  },
);
