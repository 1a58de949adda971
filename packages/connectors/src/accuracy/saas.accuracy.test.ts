import { rmSync } from 'node:fs';
import { generateModel, type TSemanticModel } from '@parley/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbConnector } from '../duckdb/duckdb.connector';
import { runAccuracy, summarise } from './accuracy-runner';
import { SAAS_CASES } from './saas.cases';
import { createSaasDatabase, SAAS_TODAY } from './saas.fixture';

describe('accuracy: SaaS schema with an introspected model', () => {
  let connector: DuckDbConnector;
  let model: TSemanticModel;
  let path: string;
  beforeAll(async () => {
    path = await createSaasDatabase();
    connector = new DuckDbConnector({ type: 'DUCKDB', path });
    model = generateModel(await connector.introspect(), 'saas');
  }, 60_000);
  afterAll(async () => {
    await connector?.close();
    rmSync(path, { force: true });
  });

  it('answers at least 95 % of the dev set like the hand-written SQL', async () => {
    const outcomes = await runAccuracy(connector, model, SAAS_CASES, {
      today: SAAS_TODAY,
      weekStart: 'monday',
    });
    const { accuracy, report } = summarise('saas', outcomes);
    console.log(report);
    expect(SAAS_CASES.length).toBeGreaterThanOrEqual(50);
    expect(accuracy).toBeGreaterThanOrEqual(0.95);
  }, 60_000);
});
