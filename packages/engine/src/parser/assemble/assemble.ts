/**
 * The assemble stage: matched words, slots and dates become one SemanticQuery (merged into the
 * previous one for follow-ups) — or a clarification when a word is ambiguous, unknown, or asks
 * for something the model cannot give. Every content word must have been used by now. Its
 * settling steps, in order: the words (settle.ts: measure words, ratios, sources), what they ask
 * for (read.ts: targets, follow-up, filters), what is missing (ask.ts), the query (build.ts), its
 * dates (time.ts) and its ranking (ranking.ts).
 */
import type { TSemanticQuery } from '@parley/contract';
import { queryModel } from '../../compiler/aggregations';
import { isClarification, type TClarification } from '../clarification';
import { isUnplaced } from '../match';
import { settleAggregations } from './aggregations';
import { askForMissing, askHowMuch } from './ask';
import { buildQuery } from './build';
import { settleChange } from './change';
import { settleEntityGrouping } from './entity';
import { settleRanking } from './ranking';
import { readQuestion } from './read';
import { settleWords } from './settle';
import { readShare, settleShare } from './share';
import { settleTime } from './time';
import type { TAssembleInput } from './types';
import { settleVerbMeasure } from './verb-measure';

export { getExampleQuestions } from './examples';
export type { TAssembleInput, TSlots } from './types';

/** The question's SemanticQuery, or the question to ask back. */
export function assemble(given: TAssembleInput): TSemanticQuery | TClarification {
  // A follow-up reads the previous question's computed measures as measures of the model.
  const input = given.previous?.arithmetic
    ? { ...given, model: queryModel(given.model, { measures: [], arithmetic: given.previous.arithmetic }) }
    : { ...given };
  const unknown = input.tokens.filter((t) => isUnplaced(t, input.pack));
  const unsettled = settleWords(input, unknown);
  if (unsettled) return unsettled;
  const reading = readQuestion(input, unknown);
  if (isClarification(reading)) return reading;
  settleVerbMeasure(input, reading);
  const shared = readShare(input, reading);
  const missing = askForMissing(input, reading);
  if (missing) return missing;
  const query = buildQuery(input, reading);
  const howMuch = askHowMuch(input, reading, query);
  if (howMuch) return howMuch;
  if (shared) settleShare(input, reading, query);
  withArithmetic(query, input);
  settleEntityGrouping(input, reading, query);
  return (
    settleAggregations(input, reading, query) ??
    settleChange(input, query) ??
    settleTime(input, reading, query) ??
    settleRanking(input, reading, query) ??
    query
  );
}

/** The computed measures the query still shows: the previous question's, then the new ones. */
function withArithmetic(query: TSemanticQuery, input: TAssembleInput): void {
  const all = [...(query.arithmetic ?? []), ...(input.arithmetic ?? [])];
  const used = new Set<string>();
  // A computed measure keeps the computed measures it is made of.
  const keep = (name: string): void => {
    const a = all.find((x) => x.name === name);
    if (!a || used.has(name)) return;
    used.add(name);
    keep(a.left);
    keep(a.right);
  };
  for (const name of query.measures) keep(name);
  const arithmetic = all.filter((a, i) => used.has(a.name) && all.findIndex((x) => x.name === a.name) === i);
  if (arithmetic.length > 0) query.arithmetic = arithmetic;
  else delete query.arithmetic;
}
