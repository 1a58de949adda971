/**
 * Settling the matched words before they are read: a measure word that only qualifies a value,
 * a word that names two fields, a measure per a measure (a ratio), a measure from a measure (its
 * source), a question cut off after a word that needs more. Each asks back when it cannot settle.
 */
import { findMeasure, getReachableTables, type TSemanticModel } from '../../model/semantic-model';
import { ask, type TClarification } from '../clarification';
import { dimensionLabel, measureLabel, replaceWords, targetLabel } from '../labels';
import type { TMatch } from '../match';
import type { TToken } from '../text';
import { settleArithmetic } from './arithmetic';
import { getExampleQuestions } from './examples';
import {
  countsRows,
  perDistinct,
  settleAverages,
  settleListedMeasures,
  settlePerHead,
  settleQualifiedMeasures,
} from './measure-words';
import type { TAssembleInput } from './types';

/** "enterprise customers", "mobile users": a measure word right after a value only qualifies it
 *  when the question names another measure; "accounts" with another measure is the breakdown. */
function settleMeasureWords(matches: TMatch[], model: TSemanticModel): void {
  for (let i = matches.length - 1; i > 0; i--) {
    const m = matches[i];
    const prev = matches[i - 1];
    const isMeasure = m.targets.some((t) => t.type === 'measure') && !m.grouped;
    const others = matches.filter((x) => x !== m && x.targets.every((t) => t.type === 'measure')).length;
    if (
      isMeasure &&
      others > 0 &&
      prev.targets.every((t) => t.type === 'value') &&
      prev.start + prev.words.split(' ').length === m.start
    ) {
      matches.splice(i, 1);
    }
  }
  const measureMatches = matches.filter(
    (m) => m.targets.length === 1 && m.targets[0].type === 'measure',
  ).length;
  for (const m of matches) {
    const hasMeasure = m.targets.some((t) => t.type === 'measure');
    const hasDimension = m.targets.some((t) => t.type === 'dimension');
    // "charges per customer" where each row is a customer: an average, never a breakdown by row.
    if (
      hasMeasure &&
      hasDimension &&
      m.per &&
      measureMatches > 0 &&
      m.targets.some((t) => isRowKey(model, t))
    )
      m.targets = m.targets.filter((t) => t.type === 'measure');
    // "revenue per account" stays two-sided for settleRatios: a ratio or a question back.
    else if (hasMeasure && hasDimension && !(m.per && measureMatches > 0)) {
      m.targets = m.targets.filter((t) => t.type === (measureMatches > 0 ? 'dimension' : 'measure'));
    }
  }
}

/** A dimension that is its table's one-column key: one row per value. */
function isRowKey(model: TSemanticModel, t: TMatch['targets'][number]): boolean {
  if (t.type !== 'dimension') return false;
  const source = model.dimensions.find((d) => d.name === t.name)?.sources[0];
  const key = model.tables.find((x) => x.name === source?.table)?.primaryKey;
  return key?.length === 1 && key[0] === source?.column;
}

/**
 * "revenue per order": a measure per another measure is their ratio, never the two numbers side
 * by side; the model's ratio measure answers it, else ask which existing measure fits.
 */
function settleRatios(input: TAssembleInput, unknown: TToken[]): TClarification | null {
  const { matches, tokens, model, phrase, pack } = input;
  for (let i = 1; i < matches.length; i++) {
    const m = matches[i];
    const prev = matches[i - 1];
    const den = m.targets.find((t) => t.type === 'measure')?.name ?? null;
    const dualDimension = m.targets.find((t) => t.type === 'dimension')?.name ?? null;
    const num = prev.targets.length === 1 && prev.targets[0].type === 'measure' ? prev.targets[0].name : null;
    if (!m.per || !den || !num || num === den) continue;
    let from = Math.min(prev.start, m.start);
    const average = tokens[prev.start - 1];
    if (average && !average.consumed && pack.averageWords.has(average.norm)) {
      average.consumed = true;
      from = Math.min(from, prev.start - 1);
      const at = unknown.indexOf(average);
      if (at >= 0) unknown.splice(at, 1);
    }
    // The words as the question has them, in its language's order ("müşteri başına gelir").
    const to = Math.max(prev.start + prev.words.split(' ').length, m.start + m.words.split(' ').length);
    const words = tokens
      .slice(from, to)
      .map((t) => t.norm)
      .join(' ');
    const ratio =
      model.measures.find((r) => r.kind === 'ratio' && r.numerator === num && r.denominator === den) ??
      averageOf(model, num, den) ??
      perDistinct(input, num, den);
    if (ratio) {
      matches.splice(i - 1, 2, { ...prev, targets: [{ type: 'measure', name: ratio.name }], words });
      i--;
      continue;
    }
    const numerator = measureLabel(model, num);
    const denominator = measureLabel(model, den);
    if (dualDimension) {
      // "revenue per account": each account's revenue, or an average per account? Ask.
      return ask(
        { key: 'perWhat', measure: numerator, words: m.words },
        null,
        [
          replaceWords(
            phrase,
            words,
            pack.messages.phrases.by([numerator], dimensionLabel(model, dualDimension).toLowerCase()),
          ),
          replaceWords(phrase, words, pack.messages.phrases.divided(numerator, denominator)),
          ...model.measures
            .filter((r) => r.kind === 'ratio' && r.numerator === num)
            .map((r) => replaceWords(phrase, words, r.label)),
        ],
        'whichOne',
      );
    }
    const related = model.measures
      .filter((r) => r.kind === 'ratio' && [r.numerator, r.denominator].some((x) => x === num || x === den))
      .map((r) => replaceWords(phrase, words, r.label));
    return ask(
      { key: 'noRatio', words, numerator, denominator },
      null,
      [
        // The division itself, computed for this question, then the model's own.
        replaceWords(phrase, words, pack.messages.phrases.divided(numerator, denominator)),
        ...related,
        replaceWords(phrase, words, pack.messages.phrases.both(numerator, denominator)),
      ],
      'whichMeasure',
    );
  }
  return null;
}

/**
 * "revenue per invoice" where the model has no ratio but an average of the same column over the
 * same rows the count counts ("Average Amount"): that average is the ratio.
 */
function averageOf(
  model: TSemanticModel,
  num: string,
  den: string,
): TSemanticModel['measures'][number] | undefined {
  const n = findMeasure(model, num);
  const d = findMeasure(model, den);
  if (n?.kind !== 'aggregate' || d?.kind !== 'aggregate') return undefined;
  if (!['count', 'count_distinct'].includes(d.agg) || d.table !== n.table) return undefined;
  // Only a count of the table's own rows makes the column's average: "sales per order" in a flat
  // export of order lines is not the average line's sales.
  const pk = model.tables.find((t) => t.name === d.table)?.primaryKey ?? [];
  const rows = !d.expr || ('col' in d.expr && pk.length === 1 && d.expr.col === pk[0]);
  if (!rows) return undefined;
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  if (!same(n.where, d.where)) return undefined;
  // An average over the rows is one per counted thing only when each row is one ("per order"
  // among order lines is not): then the division is computed (perDistinct).
  if (!countsRows(model, d)) return undefined;
  // "resolution hours per ticket" where resolution hours already is the average per ticket.
  if (n.agg === 'avg') return n;
  if (n.agg !== 'sum') return undefined;
  return model.measures.find(
    (a) =>
      a.kind === 'aggregate' &&
      a.agg === 'avg' &&
      a.table === n.table &&
      same(a.expr, n.expr) &&
      same(a.where, n.where),
  );
}

/**
 * "revenue generated from orders": a measure said to come from a plain count of rows it is
 * computed over only restates where it comes from (dropped); from a narrower measure ("revenue
 * from new customers") it would need a split the model does not have, so ask.
 */
function settleSources(input: TAssembleInput): TClarification | null {
  const { matches, tokens, model, pack } = input;
  for (let i = 1; i < matches.length; i++) {
    const m = matches[i];
    const prev = matches[i - 1];
    const a = prev.targets.length === 1 && prev.targets[0].type === 'measure' ? prev.targets[0].name : null;
    const b = m.targets.length === 1 && m.targets[0].type === 'measure' ? m.targets[0].name : null;
    if (!a || !b || a === b) continue;
    const between = tokens.slice(prev.start + prev.words.split(' ').length, m.start);
    if (!between.some((t) => t.norm === 'from') || !between.every((t) => pack.sourceWords.has(t.norm)))
      continue;
    const source = findMeasure(model, b);
    const measure = findMeasure(model, a);
    // A count of the rows it is computed over (its own table or one it reaches many-to-one),
    // under the same conditions: "revenue from orders". "new customers" has its own condition.
    const sameRows =
      source?.kind === 'aggregate' &&
      measure?.kind === 'aggregate' &&
      ['count', 'count_distinct'].includes(source.agg) &&
      JSON.stringify(source.where ?? []) === JSON.stringify(measure.where ?? []) &&
      getReachableTables(model, measure.table).has(source.table);
    if (sameRows) {
      matches.splice(i, 1);
      i--;
      continue;
    }
    const words = [prev.words, ...between.map((t) => t.norm), m.words].join(' ');
    return ask(
      { key: 'measureFromMeasure', measure: measureLabel(model, a), source: measureLabel(model, b) },
      null,
      [measureLabel(model, a), measureLabel(model, b)].map((label) =>
        replaceWords(input.phrase, words, label),
      ),
      'whichMeasure',
    );
  }
  return null;
}

/** A word that names two fields ("orders": the measure or the field?): asked which one. */
function askAmbiguous(input: TAssembleInput): TClarification | null {
  const { matches, model, phrase } = input;
  for (const [i, m] of matches.entries()) {
    // "revenue per customer": the ratio step settles it, or asks which reading.
    const prev = matches[i - 1];
    if (m.per && prev?.targets.length === 1 && prev.targets[0].type === 'measure') continue;
    const kinds = m.targets.filter((t) => t.type === 'measure' || t.type === 'dimension');
    // "revenue per customer": after "per", a word naming a count and a grouping is the count (a ratio).
    const counted = kinds.filter((t) => t.type === 'measure');
    if (m.per && kinds.length === 2 && counted.length === 1) {
      m.targets = m.targets.filter((t) => t.type !== 'dimension');
      continue;
    }
    if (kinds.length > 1) {
      const labels = kinds.map((t) => targetLabel(model, t));
      return ask(
        { key: 'ambiguousWord', words: m.words, options: labels },
        null,
        labels.map((l) => replaceWords(phrase, m.words, l)),
        'whichOne',
      );
    }
  }
  return null;
}

/**
 * Settles the matched words in place (`unknown` loses an "average" a ratio takes), or the question
 * to ask back first.
 */
export function settleWords(input: TAssembleInput, unknown: TToken[]): TClarification | null {
  const { tokens, model, pack } = input;
  settleListedMeasures(input);
  settlePerHead(input);
  // "respondent age" is one column before "age" may be taken as a grouping beside a count.
  settleQualifiedMeasures(input);
  settleMeasureWords(input.matches, model);
  settleArithmetic(input, unknown);
  const question = askAmbiguous(input) ?? settleRatios(input, unknown);
  if (question) return question;
  settleAverages(input, unknown);
  const source = settleSources(input);
  if (source) return source;
  // "revenue excluding", "revenue last month vs": a question cut off after a word that needs
  // something to follow is asked back, never answered without it.
  const last = tokens.at(-1);
  if (last && !last.consumed && pack.dangling.has(last.norm))
    return ask({ key: 'cutOff', word: last.norm, understood: null }, null, getExampleQuestions(model, pack));
  return null;
}
