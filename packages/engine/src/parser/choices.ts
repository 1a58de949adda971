/**
 * Questions back are answers too: every choice a question back offers is asked first as the user
 * would by clicking it, and kept only when it gives a query that uses every word it shows and
 * compiles for the source's dialect. When none is left, the model's example questions (checked the
 * same way) are offered instead.
 */
import type { TSemanticQuery } from '@parley/contract';
import type { TSqlDialect } from '../compiler/dialect';
import type { TWeekStart } from '../dates/date-range';
import { KINDS } from '../kinds';
import type { TSemanticModel } from '../model/semantic-model';
import type { TChoice, TClarification } from './clarification';
import type { TMatch } from './match';
import type { TVocabularyTarget } from './vocabulary';

/** As many choices as a question back shows. */
export const MAX_CHOICES = 6;

const phraseOf = (c: TChoice): string => (typeof c === 'string' ? c : c.phrase);

/** The first choices (up to MAX_CHOICES, no repeats) that `answers` accepts. */
function firstAnswering(choices: TChoice[], answers: (phrase: string) => boolean): TChoice[] {
  const seen = new Set<string>();
  const out: TChoice[] = [];
  for (const c of choices) {
    const phrase = phraseOf(c);
    if (seen.has(phrase)) continue;
    seen.add(phrase);
    if (answers(phrase)) out.push(c);
    if (out.length >= MAX_CHOICES) break;
  }
  return out;
}

/** The clarification with only the choices that answer; the examples that do when none is left. */
export function keepAnswering(
  c: TClarification,
  answers: (phrase: string) => boolean,
  examples: () => TChoice[],
): TClarification {
  const kept = firstAnswering(c.choices, answers);
  if (kept.length > 0 || c.choices.length === 0) return { ...c, choices: kept };
  // Examples are not what the title announced ("Did you mean …"): they are offered as examples.
  return { clarify: c.clarify, understood: c.understood, choices: firstAnswering(examples(), answers) };
}

/** Whether a query shows a target the question matched: a field it measures, splits or filters on. */
function uses(query: TSemanticQuery, t: TVocabularyTarget): boolean {
  const fields = [
    ...query.measures,
    ...query.dimensions,
    ...query.filters.map((f) => f.field),
    ...(query.aggregations ?? []).map((a) => a.measure),
    ...(query.arithmetic ?? []).flatMap((a) => [a.left, a.right]),
    ...(query.order ? [query.order.field] : []),
  ];
  switch (t.type) {
    case 'measure':
    case 'dimension':
      return fields.includes(t.name);
    case 'value':
      return query.filters.some((f) => f.field === t.dimension && f.values.map(String).includes(t.value));
    case 'time':
      return query.timeDimension !== undefined;
  }
}

/** Every word the question matched is in its query: no grouping or filter dropped on the way. */
export function usesEveryMatch(query: TSemanticQuery, matches: TMatch[]): boolean {
  return matches.every((m) => m.targets.some((t) => uses(query, t)));
}

/** What compiling a choice's query reads. */
export interface TCompileCheck {
  model: TSemanticModel;
  /** Without one (an API source), the choice is only read, not compiled. */
  dialect?: TSqlDialect | null;
  today: string;
  weekStart: TWeekStart;
}

/** Whether the answer path can plan the query for the source's dialect (its kind's plan). */
export function compiles(query: TSemanticQuery, check: TCompileCheck): boolean {
  const { dialect, model, today, weekStart } = check;
  if (!dialect) return true;
  try {
    KINDS[query.analysis?.kind ?? 'aggregate'].plan(query as never, model, { dialect, today, weekStart });
    return true;
  } catch {
    return false;
  }
}
