import { testDatabaseUrl } from '@parley/testing';
import { accuracySuite } from '@parley/testing/accuracy/accuracy-suite';
import { CLASSICMODELS_CASES, CLASSICMODELS_CONTEXT } from '@parley/testing/accuracy/classicmodels.cases';
import { createClassicmodelsDatabase } from '@parley/testing/fixtures/classicmodels-fixture';
import { describe } from 'vitest';
import { openPostgres } from './accuracy-sources';

// Needs a PostgreSQL server (TEST_DATABASE_URL; skipped when unset) and psql.
describe.skipIf(!testDatabaseUrl())(
  'accuracy: classicmodels in PostgreSQL with an introspected model',
  () => {
    accuracySuite(
      { name: 'classicmodels', cases: CLASSICMODELS_CASES, context: CLASSICMODELS_CONTEXT, minCases: 36 },
      () => openPostgres(createClassicmodelsDatabase(), 'classicmodels'),
      120_000,
    );
  },
);
