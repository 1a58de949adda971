import { rmSync } from 'node:fs';
import { generateModel, type TSemanticModel } from '@parley/engine';
import { runAccuracyCase, summarise, type TAccuracyOutcome } from '@parley/testing/accuracy/accuracy-runner';
import { NORTHWIND_CASES, NORTHWIND_CONTEXT } from '@parley/testing/accuracy/northwind.cases';
import { createNorthwindDatabase } from '@parley/testing/fixtures/northwind-fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbConnector } from '../../src/duckdb/duckdb.connector';

describe('accuracy: Northwind from CSV files with an introspected model', () => {
  let connector: DuckDbConnector;
  let model: TSemanticModel;
  let path: string;
  const outcomes: TAccuracyOutcome[] = [];
  beforeAll(async () => {
    path = await createNorthwindDatabase();
    connector = new DuckDbConnector({ type: 'DUCKDB', path });
    model = generateModel(await connector.introspect(), 'northwind');
  }, 60_000);
  afterAll(async () => {
    await connector?.close();
    if (path) rmSync(path, { force: true });
  });

  for (const c of NORTHWIND_CASES) {
    // A known failure must still fail: when it starts passing, take it off the list.
    it(`${c.knownFailure ? '(known failure) ' : ''}${c.phrase}`, async () => {
      const outcome = await runAccuracyCase(connector, model, c, NORTHWIND_CONTEXT);
      outcomes.push(outcome);
      expect(outcome.ok, `${outcome.phrase}\n  ${outcome.detail}`).toBe(!c.knownFailure);
    });
  }

  it('reports the set (each case is asserted on its own, with its known failures)', () => {
    const { report } = summarise('northwind', outcomes);
    console.log(report);
    expect(outcomes).toHaveLength(NORTHWIND_CASES.length);
    expect(NORTHWIND_CASES.length).toBeGreaterThanOrEqual(30);
  });
});
