import { rmSync } from 'node:fs';
import { generateModel, type TSemanticModel } from '@parley/engine';
import { runAccuracyCase, summarise, type TAccuracyOutcome } from '@parley/testing/accuracy/accuracy-runner';
import { DUKKAN_CASES } from '@parley/testing/accuracy/dukkan.cases';
import { createDukkanDatabase, DUKKAN_TODAY } from '@parley/testing/accuracy/dukkan.fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbConnector } from '../../src/duckdb/duckdb.connector';

// The users of a Turkish-named schema work in Turkish: it breaks the tie when a question could be either.
const CONTEXT = { today: DUKKAN_TODAY, weekStart: 'monday' as const, language: 'tr' };

describe('accuracy: Turkish-named shop schema with an introspected model', () => {
  let connector: DuckDbConnector;
  let model: TSemanticModel;
  let path: string;
  const outcomes: TAccuracyOutcome[] = [];
  beforeAll(async () => {
    path = await createDukkanDatabase();
    connector = new DuckDbConnector({ type: 'DUCKDB', path });
    model = generateModel(await connector.introspect(), 'dukkan');
  }, 60_000);
  afterAll(async () => {
    // Informational only: each case below is its own test, so the rate is never what fails.
    if (outcomes.length > 0) console.log(summarise('dukkan', outcomes).report);
    await connector?.close();
    if (path) rmSync(path, { force: true });
  });

  for (const c of DUKKAN_CASES) {
    // A known failure must still fail: when it starts passing, take it off the list.
    it(`${c.knownFailure ? '(known failure) ' : ''}${c.phrase}`, async () => {
      const outcome = await runAccuracyCase(connector, model, c, CONTEXT);
      outcomes.push(outcome);
      expect(outcome.ok, `${outcome.phrase}\n  ${outcome.detail}`).toBe(!c.knownFailure);
    });
  }
});
