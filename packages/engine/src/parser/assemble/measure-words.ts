/**
 * Measure words that qualify one another: "order value" is the value
 * of an order (the count word only says whose), "average order value" the average of that column
 * per row, and "orders, revenue and customers" a list of three measures, never a grouping.
 */
import { arithmeticName, queryModel } from '../../compiler/aggregations';
import type { TAggregateMeasure, TSemanticModel } from '../../model/semantic-model';
import { findMeasure } from '../../model/semantic-model';
import type { TMatch } from '../match';
import type { TToken } from '../text';
import type { TAssembleInput } from './types';

const end = (m: TMatch): number => m.start + m.words.split(' ').length;

function onlyMeasure(m: TMatch | undefined): string | null {
  return m && m.targets.length === 1 && m.targets[0]!.type === 'measure' ? m.targets[0]!.name : null;
}

/** The one measure a match names beside other kinds of target, if exactly one. */
function measureAmong(m: TMatch): string | null {
  const measures = m.targets.filter((t) => t.type === 'measure');
  return measures.length === 1 ? measures[0]!.name : null;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A count of a table's rows or entities ("Orders", "Respondents"). */
function isCount(m: ReturnType<typeof findMeasure>): m is TAggregateMeasure {
  return m?.kind === 'aggregate' && (m.agg === 'count' || m.agg === 'count_distinct');
}

/** A column of values summed or averaged over a table ("Amount", "Age"). */
function isValue(m: ReturnType<typeof findMeasure>): m is TAggregateMeasure {
  return m?.kind === 'aggregate' && (m.agg === 'sum' || m.agg === 'avg') && m.expr !== undefined;
}

/** The word is said in the singular: "order value", not "orders revenue". */
function isSingular(input: TAssembleInput, m: TMatch): boolean {
  const last = input.tokens[end(m) - 1];
  if (!last) return false;
  return input.pack.isPlural ? !input.pack.isPlural(last.norm, last.lemma) : last.norm === last.lemma;
}

/**
 * "order value", "respondent age": a singular count word right before a column of values over the
 * same rows only says whose value it is; the two are one measure, said where the first word is.
 */
export function settleQualifiedMeasures(input: TAssembleInput): void {
  const { matches, model } = input;
  for (let i = matches.length - 2; i >= 0; i--) {
    const prev = matches[i]!;
    const m = matches[i + 1]!;
    const owner = onlyMeasure(prev);
    // The column may also be a grouping ("age" of few values): said after its owner, it is the column.
    const value = onlyMeasure(m) ?? measureAmong(m);
    if (!owner || !value || end(prev) !== m.start || prev.negated || m.negated || m.per || m.grouped)
      continue;
    const count = findMeasure(model, owner);
    const column = findMeasure(model, value);
    const words = `${prev.words} ${m.words}`;
    // "average order" + "value": two names of one column, the first saying how it is aggregated.
    if (isValue(count) && isValue(column) && count.table === column.table && same(count.expr, column.expr)) {
      matches.splice(i, 2, { ...prev, words });
      continue;
    }
    if (!isCount(count) || !isValue(column) || count.table !== column.table || !isSingular(input, prev))
      continue;
    matches.splice(i, 2, {
      ...m,
      targets: [{ type: 'measure', name: value }],
      start: prev.start,
      words,
      grouped: prev.grouped,
    });
  }
}

/**
 * The one column of values of the rows a count counts ("largest payment": the payments' amount),
 * or null when the table has none or several.
 */
export function valueOfCount(model: TSemanticModel, name: string): string | null {
  const m = findMeasure(model, name);
  if (!isCount(m) || m.where || m.exists) return null;
  const values = model.measures.filter(
    (v) =>
      v.kind === 'aggregate' &&
      v.agg === 'sum' &&
      v.table === m.table &&
      !v.hidden &&
      !v.where &&
      !v.exists &&
      v.expr !== undefined &&
      'col' in v.expr,
  );
  return values.length === 1 ? values[0]!.name : null;
}

/** The average of a summed column: the same column, rows and conditions, averaged. */
export function averageSibling(model: TSemanticModel, name: string): TAggregateMeasure | null {
  const m = findMeasure(model, name);
  if (m?.kind !== 'aggregate' || m.agg !== 'sum' || !m.expr) return null;
  const avg = model.measures.find(
    (a): a is TAggregateMeasure =>
      a.kind === 'aggregate' &&
      a.agg === 'avg' &&
      a.table === m.table &&
      same(a.expr, m.expr) &&
      same(a.where, m.where) &&
      same(a.exists, m.exists),
  );
  return avg ?? null;
}

/**
 * "average order value", "average monthly charges": an average word right before a summed column
 * asks for its average per row (the model's average of the same column); without one it stays an
 * unknown word, asked about.
 */
export function settleAverages(input: TAssembleInput, unknown: TToken[]): void {
  const { matches, tokens, model, pack } = input;
  for (const m of matches) {
    const name = onlyMeasure(m);
    const word = tokens[m.start - 1];
    if (!name || !word || word.consumed || !pack.averageWords.has(word.norm)) continue;
    const avg = averageSibling(model, name);
    if (!avg) continue;
    word.consumed = true;
    const at = unknown.indexOf(word);
    if (at >= 0) unknown.splice(at, 1);
    m.targets = [{ type: 'measure', name: avg.name }];
    m.words = `${word.norm} ${m.words}`;
    m.start -= 1;
  }
}

/**
 * "orders, revenue and customers", "revenue divided by customers": a word that names a measure
 * and a field, listed after another measure ("and", a comma) or joined to it by arithmetic, is one
 * more measure; only "by" makes it a breakdown.
 */
export function settleListedMeasures(input: TAssembleInput): void {
  const { matches, tokens, pack } = input;
  for (let i = 1; i < matches.length; i++) {
    const m = matches[i]!;
    const prev = matches[i - 1]!;
    const hasMeasure = m.targets.some((t) => t.type === 'measure');
    const hasDimension = m.targets.some((t) => t.type === 'dimension');
    if (!hasMeasure || !hasDimension || m.per || m.negated || !onlyMeasure(prev)) continue;
    const between = tokens.slice(end(prev), m.start);
    const joins = (t: TToken): boolean => pack.listWords.has(t.norm) || input.slots.operators.includes(t);
    if (between.length === 0 || !between.every(joins)) continue;
    // "divided by customers": the "by" belongs to the operator, not a grouping.
    if (m.grouped && !input.slots.operators.includes(between.at(-1)!)) continue;
    m.grouped = false;
    m.targets = m.targets.filter((t) => t.type === 'measure');
  }
}

/**
 * "revenue per customer", "revenue per account": after an amount, "per" and a party a business
 * counts its takings over (the pack's `perHead` words) reads as an average per head as much as a
 * breakdown, so both readings go to the ratio step (which asks which); "sales per employee" and
 * "revenue per channel" stay breakdowns.
 */
export function settlePerHead(input: TAssembleInput): void {
  const { matches, tokens, pack, vocabulary } = input;
  for (let i = 1; i < matches.length; i++) {
    const m = matches[i]!;
    if (!onlyMeasure(matches[i - 1]) || m.negated) continue;
    const words = m.words.split(' ');
    const viaPhrase = words[0] === pack.ratioWord && words.length > 1;
    if (!viaPhrase && !m.per) continue;
    const head = tokens[end(m) - 1];
    if (!head || !(pack.perHead.has(head.norm) || pack.perHead.has(head.lemma))) continue;
    const rest = tokens.slice(m.start + (viaPhrase ? 1 : 0), end(m));
    const named = [
      ...(vocabulary.exact.get(rest.map((t) => t.norm).join(' ')) ?? []),
      ...(vocabulary.entries.get(rest.map((t) => t.lemma).join(' ')) ?? []),
    ];
    const counts = named.filter(
      (t, k) =>
        t.type === 'measure' &&
        named.findIndex((x) => x.type === 'measure' && x.name === t.name) === k &&
        isCount(findMeasure(input.model, t.name)),
    );
    if (counts.length !== 1 || !m.targets.some((t) => t.type === 'dimension')) continue;
    m.per = true;
    m.targets = [...counts, ...m.targets.filter((t) => t.type === 'dimension')];
    if (viaPhrase) {
      m.start += 1;
      m.words = words.slice(1).join(' ');
    }
  }
}

/** Whether a count counts its table's rows: every row, or the distinct values of its primary key. */
export function countsRows(model: TSemanticModel, count: TAggregateMeasure): boolean {
  if (count.agg === 'count') return true;
  const key = model.tables.find((t) => t.name === count.table)?.primaryKey ?? [];
  return count.expr !== undefined && 'col' in count.expr && key.length === 1 && key[0] === count.expr.col;
}

/**
 * "average sales per order" over order lines: the lines' total divided by the distinct orders
 * among the same rows, computed for the question (an average over the lines would be per line).
 */
export function perDistinct(input: TAssembleInput, num: string, den: string): { name: string } | null {
  const { model } = input;
  const n = findMeasure(model, num);
  const d = findMeasure(model, den);
  if (!isValue(n) || d?.kind !== 'aggregate' || d.agg !== 'count_distinct' || countsRows(model, d))
    return null;
  if (d.table !== n.table || !same(n.where, d.where) || !same(n.exists, d.exists)) return null;
  const total =
    n.agg === 'sum'
      ? n
      : model.measures.find(
          (s) =>
            s.kind === 'aggregate' &&
            s.agg === 'sum' &&
            s.table === n.table &&
            same(s.expr, n.expr) &&
            same(s.where, n.where) &&
            same(s.exists, n.exists),
        );
  if (!total) return null;
  const a = {
    name: arithmeticName('divide', total.name, d.name),
    op: 'divide' as const,
    left: total.name,
    right: d.name,
  };
  input.arithmetic = [...(input.arithmetic ?? []), a];
  input.model = queryModel(input.model, { measures: [], arithmetic: [a] });
  return { name: a.name };
}
