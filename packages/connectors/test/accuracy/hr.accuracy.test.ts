import { accuracySuite } from '@parley/testing/accuracy/accuracy-suite';
import { HR_CASES } from '@parley/testing/accuracy/hr.cases';
import { createHrDatabase, HR_TODAY } from '@parley/testing/accuracy/hr.fixture';
import { describe } from 'vitest';
import { openDuckDb } from './accuracy-sources';

const HR_CONTEXT = { today: HR_TODAY, weekStart: 'monday' as const };

describe('accuracy: HR history tables (validity periods) with an introspected model', () => {
  accuracySuite({ name: 'hr', cases: HR_CASES, context: HR_CONTEXT }, async () =>
    openDuckDb(await createHrDatabase(), 'hr'),
  );
});
