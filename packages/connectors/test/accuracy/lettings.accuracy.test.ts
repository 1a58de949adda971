import { rmSync } from 'node:fs';
import { generateModel, type TSemanticModel } from '@parley/engine';
import { runAccuracyCase, summarise, type TAccuracyOutcome } from '@parley/testing/accuracy/accuracy-runner';
import { LETTINGS_CASES, LETTINGS_CONTEXT } from '@parley/testing/accuracy/lettings.cases';
import { createLettingsDatabase } from '@parley/testing/accuracy/lettings.fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbConnector } from '../../src/duckdb/duckdb.connector';

// Issue 29 shape 5 (link tables with roles) on a schema of our own, generated in DuckDB.
describe('accuracy: a lettings schema (leases ↔ parties with roles) with an introspected model', () => {
  let connector: DuckDbConnector;
  let model: TSemanticModel;
  let path: string;
  const outcomes: TAccuracyOutcome[] = [];
  beforeAll(async () => {
    path = await createLettingsDatabase();
    connector = new DuckDbConnector({ type: 'DUCKDB', path });
    model = generateModel(await connector.introspect(), 'lettings');
  }, 60_000);
  afterAll(async () => {
    await connector?.close();
    if (path) rmSync(path, { force: true });
  });

  for (const c of LETTINGS_CASES) {
    // A known failure must still fail: when it starts passing, take it off the list.
    it(`${c.knownFailure ? '(known failure) ' : ''}${c.phrase}`, async () => {
      const outcome = await runAccuracyCase(connector, model, c, LETTINGS_CONTEXT);
      outcomes.push(outcome);
      expect(outcome.ok, `${outcome.phrase}\n  ${outcome.detail}`).toBe(!c.knownFailure);
    });
  }

  it('reports the score with every case run', () => {
    console.log(summarise('lettings', outcomes).report);
    expect(outcomes).toHaveLength(LETTINGS_CASES.length);
    expect(LETTINGS_CASES.length).toBeGreaterThanOrEqual(25);
  });
});
