import { rmSync } from 'node:fs';
import { generateModel, type TSemanticModel } from '@parley/engine';
import { runAccuracyCase, summarise, type TAccuracyOutcome } from '@parley/testing/accuracy/accuracy-runner';
import { HR_CASES } from '@parley/testing/accuracy/hr.cases';
import { createHrDatabase, HR_TODAY } from '@parley/testing/accuracy/hr.fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbConnector } from '../../src/duckdb/duckdb.connector';

const CONTEXT = { today: HR_TODAY, weekStart: 'monday' as const };

describe('accuracy: HR history tables (validity periods) with an introspected model', () => {
  let connector: DuckDbConnector;
  let model: TSemanticModel;
  let path: string;
  const outcomes: TAccuracyOutcome[] = [];
  beforeAll(async () => {
    path = await createHrDatabase();
    connector = new DuckDbConnector({ type: 'DUCKDB', path });
    model = generateModel(await connector.introspect(), 'hr');
  }, 60_000);
  afterAll(async () => {
    // Informational only: each case below is its own test, so the rate is never what fails.
    if (outcomes.length > 0) console.log(summarise('hr', outcomes).report);
    await connector?.close();
    if (path) rmSync(path, { force: true });
  });

  for (const c of HR_CASES) {
    // A known failure must still fail: when it starts passing, take it off the list.
    it(`${c.knownFailure ? '(known failure) ' : ''}${c.phrase}`, async () => {
      const outcome = await runAccuracyCase(connector, model, c, CONTEXT);
      outcomes.push(outcome);
      expect(outcome.ok, `${outcome.phrase}\n  ${outcome.detail}`).toBe(!c.knownFailure);
    });
  }
});
