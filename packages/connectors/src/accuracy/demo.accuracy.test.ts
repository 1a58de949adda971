import { getDemoModel } from '@parley/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbConnector } from '../duckdb/duckdb.connector';
import { getTestDemoPath, TEST_END_DATE } from '../testing/demo-fixture';
import { runAccuracy, summarise } from './accuracy-runner';
import { DEMO_CASES } from './demo.cases';

describe('accuracy: demo dataset', () => {
  let connector: DuckDbConnector;
  beforeAll(async () => {
    connector = new DuckDbConnector({ type: 'DUCKDB', path: await getTestDemoPath() });
  }, 120_000);
  afterAll(async () => connector?.close());

  it('answers at least 95 % of the dev set like the hand-written SQL', async () => {
    const outcomes = await runAccuracy(connector, getDemoModel(), DEMO_CASES, {
      today: TEST_END_DATE,
      weekStart: 'monday',
    });
    const { accuracy, report } = summarise('demo', outcomes);
    console.log(report);
    expect(DEMO_CASES.length).toBeGreaterThanOrEqual(100);
    expect(accuracy).toBeGreaterThanOrEqual(0.95);
  }, 120_000);
});
