/**
 * The assemble stage: matched words, slots and dates become one SemanticQuery (merged into the
 * previous one for follow-ups) — or a clarification when a word is ambiguous, unknown, or asks
 * for something the model cannot give. Every content word must have been used by now. Its
 * settling steps, in order: the words (settle.ts: measure words, ratios, sources), what they ask
 * for (read.ts: targets, follow-up, filters), what is missing (ask.ts), the query (build.ts), its
 * dates (time.ts) and its ranking (ranking.ts).
 */
import type { TSemanticQuery } from '@parley/contract';
import { isClarification, type TClarification } from '../clarification';
import { isUnplaced } from '../match';
import { settleAggregations } from './aggregations';
import { askForMissing } from './ask';
import { buildQuery } from './build';
import { settleRanking } from './ranking';
import { readQuestion } from './read';
import { settleWords } from './settle';
import { settleTime } from './time';
import type { TAssembleInput } from './types';

export { getExampleQuestions } from './examples';
export type { TAssembleInput, TSlots } from './types';

/** The question's SemanticQuery, or the question to ask back. */
export function assemble(input: TAssembleInput): TSemanticQuery | TClarification {
  const unknown = input.tokens.filter((t) => isUnplaced(t, input.pack));
  const unsettled = settleWords(input, unknown);
  if (unsettled) return unsettled;
  const reading = readQuestion(input, unknown);
  if (isClarification(reading)) return reading;
  const missing = askForMissing(input, reading);
  if (missing) return missing;
  const query = buildQuery(input, reading);
  return (
    settleAggregations(input, reading, query) ??
    settleTime(input, reading, query) ??
    settleRanking(input, reading, query) ??
    query
  );
}
