import { generateModel, type TSemanticModel } from '@parley/engine';
import { runAccuracyCase, summarise, type TAccuracyOutcome } from '@parley/testing/accuracy/accuracy-runner';
import { DATACO_CASES, DATACO_CONTEXT } from '@parley/testing/accuracy/dataco.cases';
import { loadFlatFile, type TLoadedFlatFile } from '@parley/testing/fixtures/flat-files-fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue 29: a flat export loaded as an upload, read through the FILE connector with an introspected model.
describe('accuracy: DataCo supply-chain sample uploaded as a CSV file', () => {
  let file: TLoadedFlatFile;
  let model: TSemanticModel;
  const outcomes: TAccuracyOutcome[] = [];
  beforeAll(async () => {
    file = await loadFlatFile('dataco');
    model = generateModel(await file.connector.introspect(), 'dataco');
  }, 60_000);
  afterAll(async () => {
    await file?.dispose();
  });

  for (const c of DATACO_CASES) {
    // A known failure must still fail: when it starts passing, take it off the list.
    it(`${c.knownFailure ? '(known failure) ' : ''}${c.phrase}`, async () => {
      const outcome = await runAccuracyCase(file.connector, model, c, DATACO_CONTEXT);
      outcomes.push(outcome);
      expect(outcome.ok, `${outcome.phrase}\n  ${outcome.detail}`).toBe(!c.knownFailure);
    });
  }

  // The score is recorded, not held to a threshold: the known-failures list says what is missing.
  it('reports the score of the whole set', () => {
    const { report } = summarise('dataco', outcomes);
    // A confident wrong card (answered, numbers differ) is worse than a question back: counted apart.
    const wrong = outcomes.filter((o) => !o.ok && !/^(clarify|error):/.test(o.detail));
    console.log(
      `${report}\nconfident wrong cards: ${wrong.length}${wrong.map((o) => `\n  ${o.phrase}`).join('')}`,
    );
    expect(outcomes).toHaveLength(DATACO_CASES.length);
    expect(DATACO_CASES.length).toBeGreaterThanOrEqual(36);
  });
});
