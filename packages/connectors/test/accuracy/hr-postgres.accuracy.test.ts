import { rmSync } from 'node:fs';
import { testDatabaseUrl } from '@parley/testing';
import { accuracySuite } from '@parley/testing/accuracy/accuracy-suite';
import { HR_CASES } from '@parley/testing/accuracy/hr.cases';
import { createHrDatabase, HR_TODAY, hrSqlScript } from '@parley/testing/accuracy/hr.fixture';
import { createPsqlDatabase } from '@parley/testing/fixtures/psql-database';
import { describe } from 'vitest';
import { openPostgres } from './accuracy-sources';

const CONTEXT = { today: HR_TODAY, weekStart: 'monday' as const };

/** The HR set's DuckDB tables copied into a throwaway PostgreSQL database. */
async function copyToPostgres() {
  const path = await createHrDatabase();
  try {
    return createPsqlDatabase('hr', [Buffer.from(await hrSqlScript(path))]);
  } finally {
    rmSync(path, { force: true });
  }
}

// The HR set on PostgreSQL too, so the valid-at SQL is proven on both dialects (TEST_DATABASE_URL;
// skipped when unset).
describe.skipIf(!testDatabaseUrl())('accuracy: HR history tables in PostgreSQL', () => {
  accuracySuite(
    { name: 'hr (postgres)', cases: HR_CASES, context: CONTEXT },
    async () => openPostgres(await copyToPostgres(), 'hr'),
    120_000,
  );
});
