import { rmSync } from 'node:fs';
import { generateModel, getDemoModel, type TSemanticModel } from '@parley/engine';
import { runAccuracyCase, summarise, type TAccuracyOutcome } from '@parley/testing/accuracy/accuracy-runner';
import { ASK_BACK_DEMO_CASES, ASK_BACK_SAAS_CASES } from '@parley/testing/accuracy/ask-back.cases';
import { createSaasDatabase, SAAS_TODAY } from '@parley/testing/accuracy/saas.fixture';
import { getTestDemoPath, TEST_END_DATE } from '@parley/testing/fixtures/demo-fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbConnector } from '../../src/duckdb/duckdb.connector';

describe('must ask back: demo dataset', () => {
  const context = { today: TEST_END_DATE, weekStart: 'monday' as const };
  let connector: DuckDbConnector;
  const model = getDemoModel();
  const outcomes: TAccuracyOutcome[] = [];
  beforeAll(async () => {
    connector = new DuckDbConnector({ type: 'DUCKDB', path: await getTestDemoPath() });
  }, 120_000);
  afterAll(async () => {
    // Informational only: each case below is its own test, so the rate is never what fails.
    if (outcomes.length > 0) console.log(summarise('ask back (demo)', outcomes).report);
    await connector?.close();
  });

  for (const c of ASK_BACK_DEMO_CASES) {
    // A known failure must still fail: when it starts passing, take it off the list.
    it(`${c.knownFailure ? '(known failure) ' : ''}${c.phrase}`, async () => {
      const outcome = await runAccuracyCase(connector, model, c, context);
      outcomes.push(outcome);
      expect(outcome.ok, `${outcome.phrase}\n  ${outcome.detail}`).toBe(!c.knownFailure);
    });
  }
});

describe('must ask back: SaaS schema with an introspected model', () => {
  const context = { today: SAAS_TODAY, weekStart: 'monday' as const };
  let connector: DuckDbConnector;
  let model: TSemanticModel;
  let path: string;
  const outcomes: TAccuracyOutcome[] = [];
  beforeAll(async () => {
    path = await createSaasDatabase();
    connector = new DuckDbConnector({ type: 'DUCKDB', path });
    model = generateModel(await connector.introspect(), 'saas');
  }, 60_000);
  afterAll(async () => {
    // Informational only: each case below is its own test, so the rate is never what fails.
    if (outcomes.length > 0) console.log(summarise('ask back (saas)', outcomes).report);
    await connector?.close();
    if (path) rmSync(path, { force: true });
  });

  for (const c of ASK_BACK_SAAS_CASES) {
    // A known failure must still fail: when it starts passing, take it off the list.
    it(`${c.knownFailure ? '(known failure) ' : ''}${c.phrase}`, async () => {
      const outcome = await runAccuracyCase(connector, model, c, context);
      outcomes.push(outcome);
      expect(outcome.ok, `${outcome.phrase}\n  ${outcome.detail}`).toBe(!c.knownFailure);
    });
  }
});
