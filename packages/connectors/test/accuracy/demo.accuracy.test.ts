import { getDemoModel } from '@parley/engine';
import { runAccuracyCase, summarise, type TAccuracyOutcome } from '@parley/testing/accuracy/accuracy-runner';
import { DEMO_CASES } from '@parley/testing/accuracy/demo.cases';
import { getTestDemoPath, TEST_END_DATE } from '@parley/testing/fixtures/demo-fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbConnector } from '../../src/duckdb/duckdb.connector';

const CONTEXT = { today: TEST_END_DATE, weekStart: 'monday' as const };

describe('accuracy: demo dataset', () => {
  let connector: DuckDbConnector;
  const model = getDemoModel();
  const outcomes: TAccuracyOutcome[] = [];
  beforeAll(async () => {
    connector = new DuckDbConnector({ type: 'DUCKDB', path: await getTestDemoPath() });
  }, 120_000);
  afterAll(async () => {
    // Informational only: each case below is its own test, so the rate is never what fails.
    if (outcomes.length > 0) console.log(summarise('demo', outcomes).report);
    await connector?.close();
  });

  for (const c of DEMO_CASES) {
    // A known failure must still fail: when it starts passing, take it off the list.
    it(`${c.knownFailure ? '(known failure) ' : ''}${c.phrase}`, async () => {
      const outcome = await runAccuracyCase(connector, model, c, CONTEXT);
      outcomes.push(outcome);
      expect(outcome.ok, `${outcome.phrase}\n  ${outcome.detail}`).toBe(!c.knownFailure);
    });
  }
});
