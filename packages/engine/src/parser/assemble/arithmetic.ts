/**
 * Arithmetic the user states between two measures said one after the other ("revenue divided by
 * sessions", "revenue minus refunds", "refunds as a share of revenue"): one measure computed after
 * each side is aggregated, added to the model the later steps read.
 */
import type { TMeasureArithmetic } from '@parley/contract';
import { arithmeticName, queryModel } from '../../compiler/aggregations';
import { findMeasure, type TSemanticModel } from '../../model/semantic-model';
import type { TMatch } from '../match';
import type { TToken } from '../text';
import { valueOfCount } from './measure-words';
import type { TAssembleInput } from './types';

const COMPILED = new Map<string, RegExp>();

/** A rule matching the whole text between two measures, compiled once. */
function whole(rule: string): RegExp {
  const re = COMPILED.get(rule) ?? new RegExp(`^(?:${rule})$`);
  COMPILED.set(rule, re);
  return re;
}

function onlyMeasure(m: TMatch): string | null {
  return m.targets.length === 1 && m.targets[0]!.type === 'measure' ? m.targets[0]!.name : null;
}

/**
 * "payments as a share of revenue", "revenue minus payments": a count beside an amount of money
 * names the money of what it counts (the payments' amount) when its rows have one such column; a
 * share, sum or difference of a count and money means nothing.
 */
function comparable(model: TSemanticModel, left: string, right: string): [string, string] {
  const money = (name: string) => findMeasure(model, name)?.format === 'currency';
  const swap = (name: string, other: string): string => {
    if (!money(other)) return name;
    const value = valueOfCount(model, name);
    return value && money(value) ? value : name;
  };
  return [swap(left, right), swap(right, left)];
}

/** Joins each stated pair into one measure (in place: matches, unknown words, the input's model). */
export function settleArithmetic(input: TAssembleInput, unknown: TToken[]): void {
  const { matches, tokens, pack } = input;
  const found: TMeasureArithmetic[] = [];
  const used = new Set<TToken>();
  for (let i = 1; i < matches.length; i++) {
    const prev = matches[i - 1]!;
    const m = matches[i]!;
    const left = onlyMeasure(prev);
    const right = onlyMeasure(m);
    if (!left || !right || left === right || m.negated) continue;
    const between = tokens.slice(prev.start + prev.words.split(' ').length, m.start);
    const text = between.map((t) => t.norm).join(' ');
    const op = pack.arithmetic.find(([rule]) => whole(rule).test(text))?.[1];
    if (!op || between.length === 0) continue;
    for (const t of between) {
      t.consumed = true;
      used.add(t);
      const at = unknown.indexOf(t);
      if (at >= 0) unknown.splice(at, 1);
    }
    const [a, b] = op === 'divide' ? [left, right] : comparable(input.model, left, right);
    const name = arithmeticName(op, a, b);
    found.push({ name, op, left: a, right: b });
    matches.splice(i - 1, 2, {
      ...prev,
      targets: [{ type: 'measure', name }],
      words: `${prev.words} ${text} ${m.words}`,
    });
    i--;
  }
  // "salary minus": an arithmetic word without a measure on each side is asked about, never dropped.
  for (const t of input.slots.operators) {
    if (used.has(t)) continue;
    t.consumed = false;
    if (!unknown.includes(t) && !pack.fillers.has(t.norm) && !pack.grouping.words.has(t.norm))
      unknown.push(t);
  }
  if (found.length === 0) return;
  input.arithmetic = [...(input.arithmetic ?? []), ...found];
  input.model = queryModel(input.model, { measures: [], arithmetic: found });
}
