/**
 * What every pack's word rule for yes/no columns reads from a model: each flag dimension (its
 * word, its true value), its rate measure, and the nouns its table's rows are counted by.
 */
import type { TSemanticModel } from '../model/semantic-model';

export interface TFlagWords {
  dimension: string;
  /** The word naming the true rows: "churn", "paperless billing". */
  word: string;
  yes: string;
  /** The flag's rate measure, if the model has one. */
  rate: string | null;
  /** One-word nouns the rows are counted by: "customers", "respondents". */
  nouns: string[];
}

/** The model's yes/no dimensions with the words a pack builds its phrases from. */
export function flagWords(model: TSemanticModel): TFlagWords[] {
  const out: TFlagWords[] = [];
  for (const d of model.dimensions) {
    const yes = d.flag ? d.valueSynonyms?.[d.flag] : undefined;
    if (!d.flag || yes === undefined) continue;
    const table = d.sources[0].table;
    const nouns = model.measures.flatMap((m) =>
      m.kind === 'aggregate' &&
      m.table === table &&
      !m.hidden &&
      !m.where &&
      (m.agg === 'count' || m.agg === 'count_distinct')
        ? [m.label, ...m.synonyms].map((s) => s.toLowerCase()).filter((s) => /^\p{L}+$/u.test(s))
        : [],
    );
    const rate = model.measures.find((m) => m.kind === 'ratio' && m.name === `${d.name}.rate`);
    out.push({ dimension: d.name, word: d.flag, yes, rate: rate?.name ?? null, nouns: [...new Set(nouns)] });
  }
  return out;
}

/** A filter value as a title shows it: a flag's true value is its word ("Churn"), not "true". */
export function shownValue(model: TSemanticModel, field: string, value: string): string {
  const d = model.dimensions.find((x) => x.name === field);
  if (!d?.flag || d.valueSynonyms?.[d.flag] !== value) return value;
  return d.flag.replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}
