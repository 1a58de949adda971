import { accuracySuite } from '@parley/testing/accuracy/accuracy-suite';
import { DATACO_CASES, DATACO_CONTEXT } from '@parley/testing/accuracy/dataco.cases';
import { describe } from 'vitest';
import { openFlatFile } from './accuracy-sources';

// A public flat export loaded as an upload, read through the FILE connector.
describe('accuracy: DataCo supply-chain sample uploaded as a CSV file', () => {
  accuracySuite({ name: 'dataco', cases: DATACO_CASES, context: DATACO_CONTEXT, minCases: 36 }, () =>
    openFlatFile('dataco'),
  );
});
