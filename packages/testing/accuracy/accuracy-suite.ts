/**
 * An accuracy set as tests, the same for every set: each case its own test (a known failure must
 * still fail — when it starts passing, take it off the list), then the score and the confident
 * wrong cards printed, never held to a threshold. Called inside a `describe`.
 */
import type { Connector } from '@parley/connectors';
import type { TIntrospection, TSemanticModel } from '@parley/engine';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  runAccuracyCase,
  summarise,
  type TAccuracyCase,
  type TAccuracyContext,
  type TAccuracyOutcome,
} from './accuracy-runner';

/** What a set is asked against: a connector, the model generated from it, and how to let it go. */
export interface TAccuracySource {
  connector: Connector;
  model: TSemanticModel;
  /** The schema the model was generated from: what an owner's overlay is checked against. */
  schema?: TIntrospection;
  dispose(): Promise<void> | void;
}

export interface TAccuracySet {
  /** The name on the score line ("telco: 36/36"). */
  name: string;
  cases: TAccuracyCase[];
  context: TAccuracyContext;
  /** The set's size is held, so cases dropped by mistake fail. */
  minCases?: number;
}

export function accuracySuite(
  set: TAccuracySet,
  open: () => Promise<TAccuracySource>,
  timeoutMs = 60_000,
): void {
  let source: TAccuracySource | null = null;
  const outcomes: TAccuracyOutcome[] = [];
  beforeAll(async () => {
    source = await open();
  }, timeoutMs);
  afterAll(async () => {
    await source?.dispose();
  });

  for (const c of set.cases) {
    it(`${c.knownFailure ? '(known failure) ' : ''}${c.phrase}`, async () => {
      const outcome = await runAccuracyCase(source!.connector, source!.model, c, set.context);
      outcomes.push(outcome);
      expect(outcome.ok, `${outcome.phrase}\n  ${outcome.detail}`).toBe(!c.knownFailure);
    });
  }

  it('runs every case of the set and reports the score', () => {
    const { report } = summarise(set.name, outcomes);
    // A confident wrong card (answered, numbers differ) is worse than a question back: counted apart.
    const wrong = outcomes.filter((o) => !o.ok && !/^(clarify|error):/.test(o.detail));
    console.log(
      `${report}\nconfident wrong cards: ${wrong.length}${wrong.map((o) => `\n  ${o.phrase}`).join('')}`,
    );
    expect(outcomes).toHaveLength(set.cases.length);
    if (set.minCases) expect(set.cases.length).toBeGreaterThanOrEqual(set.minCases);
  });
}
