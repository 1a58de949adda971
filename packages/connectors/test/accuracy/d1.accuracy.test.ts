import { generateModel, type TSemanticModel } from '@parley/engine';
import { runAccuracyCase, summarise, type TAccuracyOutcome } from '@parley/testing/accuracy/accuracy-runner';
import { D1_CASES, D1_CONTEXT } from '@parley/testing/accuracy/d1.cases';
import { type D1StandIn, startD1StandIn } from '@parley/testing/standins/d1-standin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { D1Connector } from '../../src/d1/d1.connector';

describe('accuracy: Northwind on Cloudflare D1 (stand-in) with an introspected model', () => {
  let standIn: D1StandIn;
  let connector: D1Connector;
  let model: TSemanticModel;
  const outcomes: TAccuracyOutcome[] = [];
  beforeAll(async () => {
    standIn = await startD1StandIn();
    connector = new D1Connector(
      { account_id: standIn.accountId, api_token: standIn.token, base_url: standIn.baseUrl },
      { account: standIn.uuid('northwind'), allowPrivateHosts: true },
    );
    model = generateModel(await connector.introspect(), 'northwind');
  }, 60_000);
  afterAll(async () => {
    await connector?.close();
    await standIn?.close();
  });

  for (const c of D1_CASES) {
    it(`${c.knownFailure ? '(known failure) ' : ''}${c.phrase}`, async () => {
      const outcome = await runAccuracyCase(connector, model, c, D1_CONTEXT);
      outcomes.push(outcome);
      expect(outcome.ok, `${outcome.phrase}\n  ${outcome.detail}`).toBe(!c.knownFailure);
    });
  }

  it('answers the whole set like the hand-written SQL', () => {
    const { report } = summarise('d1', outcomes);
    console.log(report);
    expect(D1_CASES.length).toBeGreaterThanOrEqual(10);
  });
});
