/** Test helpers: questions parsed against the demo model on the tests' fixed "today" (2026-11-20). */
import type { TSemanticQuery } from '@parley/contract';
import { getDemoModel, parseQuestion } from '@parley/engine';

const model = getDemoModel();

/** Parses a question against the demo model, weeks starting Monday. */
export const parseDemo = (phrase: string, previous?: TSemanticQuery) =>
  parseQuestion(phrase, { model, today: '2026-11-20', weekStart: 'monday', previous });

/** The SemanticQuery of a question that must parse to one; throws with the clarification otherwise. */
export function queryDemo(phrase: string, previous?: TSemanticQuery): TSemanticQuery {
  const r = parseDemo(phrase, previous);
  if (r.kind !== 'query') throw new Error(`expected a query for "${phrase}": ${r.text}`);
  return r.query;
}
