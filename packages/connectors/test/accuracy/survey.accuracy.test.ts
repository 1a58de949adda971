import { accuracySuite } from '@parley/testing/accuracy/accuracy-suite';
import { SURVEY_CASES, SURVEY_CONTEXT } from '@parley/testing/accuracy/survey.cases';
import { describe } from 'vitest';
import { openFlatFile } from './accuracy-sources';

// A public flat export loaded as an upload, read through the FILE connector.
describe('accuracy: OSMI 2016 survey export uploaded as a CSV file, with an introspected model', () => {
  accuracySuite({ name: 'survey', cases: SURVEY_CASES, context: SURVEY_CONTEXT, minCases: 25 }, () =>
    openFlatFile('survey'),
  );
});
