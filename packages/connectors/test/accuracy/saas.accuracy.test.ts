import { accuracySuite } from '@parley/testing/accuracy/accuracy-suite';
import { SAAS_CASES } from '@parley/testing/accuracy/saas.cases';
import { createSaasDatabase, SAAS_TODAY } from '@parley/testing/accuracy/saas.fixture';
import { describe } from 'vitest';
import { openDuckDb } from './accuracy-sources';

const CONTEXT = { today: SAAS_TODAY, weekStart: 'monday' as const };

describe('accuracy: SaaS schema with an introspected model', () => {
  accuracySuite({ name: 'saas', cases: SAAS_CASES, context: CONTEXT }, async () =>
    openDuckDb(await createSaasDatabase(), 'saas'),
  );
});
