import { accuracySuite } from '@parley/testing/accuracy/accuracy-suite';
import { DUKKAN_CASES } from '@parley/testing/accuracy/dukkan.cases';
import { createDukkanDatabase, DUKKAN_TODAY } from '@parley/testing/accuracy/dukkan.fixture';
import { describe } from 'vitest';
import { openDuckDb } from './accuracy-sources';

// The users of a Turkish-named schema work in Turkish: it breaks the tie when a question could be either.
const CONTEXT = { today: DUKKAN_TODAY, weekStart: 'monday' as const, language: 'tr' };

describe('accuracy: Turkish-named shop schema with an introspected model', () => {
  accuracySuite({ name: 'dukkan', cases: DUKKAN_CASES, context: CONTEXT }, async () =>
    openDuckDb(await createDukkanDatabase(), 'dukkan'),
  );
});
