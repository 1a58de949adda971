import { accuracySuite } from '@parley/testing/accuracy/accuracy-suite';
import { LETTINGS_CASES, LETTINGS_CONTEXT } from '@parley/testing/accuracy/lettings.cases';
import { createLettingsDatabase } from '@parley/testing/accuracy/lettings.fixture';
import { describe } from 'vitest';
import { openDuckDb } from './accuracy-sources';

// Marker and role link tables on a schema of our own, generated in DuckDB.
describe('accuracy: a lettings schema (leases ↔ parties with roles) with an introspected model', () => {
  accuracySuite(
    { name: 'lettings', cases: LETTINGS_CASES, context: LETTINGS_CONTEXT, minCases: 25 },
    async () => openDuckDb(await createLettingsDatabase(), 'lettings'),
  );
});
