import { accuracySuite } from '@parley/testing/accuracy/accuracy-suite';
import { TELCO_CASES, TELCO_CONTEXT } from '@parley/testing/accuracy/telco.cases';
import { describe } from 'vitest';
import { openFlatFile } from './accuracy-sources';

// A public flat export loaded as an upload, read through the FILE connector.
describe('accuracy: IBM Telco churn uploaded as a CSV file', () => {
  accuracySuite({ name: 'telco', cases: TELCO_CASES, context: TELCO_CONTEXT, minCases: 30 }, () =>
    openFlatFile('telco'),
  );
});
