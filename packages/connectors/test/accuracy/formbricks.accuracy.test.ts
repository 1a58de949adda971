import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TSemanticModel } from '@parley/engine';
import { runAccuracyCase, summarise, type TAccuracyOutcome } from '@parley/testing/accuracy/accuracy-runner';
import { FORMBRICKS_CASES, FORMBRICKS_CONTEXT } from '@parley/testing/accuracy/formbricks.cases';
import { type FormbricksStandIn, startFormbricksStandIn } from '@parley/testing/standins/formbricks-standin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormbricksConnector } from '../../src/formbricks/formbricks.connector';

describe('accuracy: a Formbricks survey with the model made from its questions', () => {
  let standIn: FormbricksStandIn;
  let dir: string;
  let connector: FormbricksConnector;
  let model: TSemanticModel;
  const outcomes: TAccuracyOutcome[] = [];
  beforeAll(async () => {
    standIn = await startFormbricksStandIn();
    dir = mkdtempSync(join(tmpdir(), 'parley-formbricks-acc-'));
    connector = new FormbricksConnector(
      { api_host: standIn.apiHost, api_key: standIn.apiKey },
      { account: standIn.surveys[0].id, allowPrivateHosts: true, dataDir: dir },
    );
    await connector.sync();
    model = await connector.semanticModel('Product feedback');
  }, 60_000);
  afterAll(async () => {
    await connector?.close();
    await standIn?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  for (const c of FORMBRICKS_CASES) {
    it(`${c.knownFailure ? '(known failure) ' : ''}${c.phrase}`, async () => {
      const outcome = await runAccuracyCase(connector, model, c, FORMBRICKS_CONTEXT);
      outcomes.push(outcome);
      expect(outcome.ok, `${outcome.phrase}\n  ${outcome.detail}`).toBe(!c.knownFailure);
    });
  }

  it('answers the whole set like the hand-written SQL', () => {
    const { report } = summarise('formbricks', outcomes);
    console.log(report);
    expect(FORMBRICKS_CASES.length).toBeGreaterThanOrEqual(10);
  });
});
