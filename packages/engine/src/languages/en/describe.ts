/**
 * English descriptions of a SemanticQuery, used for "what I understood" answers and card titles,
 * so users can check the interpretation.
 */
import type { TChangeDirection, TQueryFilter, TSemanticQuery } from '@parley/contract';
import { describeComparison, describeRange } from '../../dates/date-range';
import { findDimension, findMeasure, type TSemanticModel } from '../../model/semantic-model';
import { assertNever } from '../../util';
import { shownValue } from '../flag-phrases';

const GRAIN_WORD = { day: 'day', week: 'week', month: 'month', quarter: 'quarter', year: 'year' } as const;

function label(model: TSemanticModel, field: string): string {
  return findMeasure(model, field)?.label ?? findDimension(model, field)?.label ?? field;
}

function describeFilter(model: TSemanticModel, f: TQueryFilter): string {
  const name = label(model, f.field);
  const values = f.values.map(String);
  const list =
    values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}` : values[0];
  switch (f.op) {
    case 'in':
      return `${name} is ${list}`;
    case 'not_in':
      return `${name} is not ${list}`;
    case 'gt':
      return `${name} over ${values[0]}`;
    case 'gte':
      return `${name} at least ${values[0]}`;
    case 'lt':
      return `${name} under ${values[0]}`;
    case 'lte':
      return `${name} at most ${values[0]}`;
    case 'between':
      return `${name} between ${values[0]} and ${values[1]}`;
    default:
      return assertNever(f.op);
  }
}

function joinWords(words: string[]): string {
  return words.length > 1
    ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`
    : (words[0] ?? '');
}

/** English plural of a label's last word: Country → Countries, Channel → Channels, Status → Statuses. */
export function plural(label: string): string {
  if (/[^aeiou]y$/i.test(label)) return `${label.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(label)) return `${label}es`;
  return `${label}s`;
}

const CHANGE_VERB: Record<TChangeDirection, string> = {
  down: 'fell',
  up: 'rose',
  lost: 'stopped',
  gained: 'started',
};

/** A short title: "Revenue by Country, last month". */
export function describeTitle(query: TSemanticQuery, model: TSemanticModel): string {
  let title = joinWords(query.measures.map((m) => label(model, m)));
  if (query.change && query.dimensions.length > 0) {
    // "Products whose Revenue fell": the groups the change keeps, by the first measure.
    const [first, ...others] = query.measures.map((m) => label(model, m));
    const dims = query.dimensions.map((d) => label(model, d));
    title = `${joinWords(dims.map((d, i) => (i === dims.length - 1 ? plural(d) : d)))} whose ${first} ${CHANGE_VERB[query.change]}`;
    if (others.length > 0) title += `, with ${joinWords(others)}`;
  } else if (query.order && query.limit) {
    const dims = query.dimensions.map((d) => label(model, d));
    const word = query.order.dir === 'desc' ? 'Top' : 'Bottom';
    // "Top 5 Countries", but "Top 1 Country".
    const named = query.limit > 1 ? dims.map((d, i) => (i === dims.length - 1 ? plural(d) : d)) : dims;
    if (dims.length > 0) title = `${word} ${query.limit} ${joinWords(named)} by ${title}`;
  } else if (query.dimensions.length > 0) {
    title += ` by ${joinWords(query.dimensions.map((d) => label(model, d)))}`;
  }
  const grain = query.timeDimension?.grain;
  if (grain) title += `${query.dimensions.length > 0 ? ' and' : ' by'} ${GRAIN_WORD[grain]}`;
  const range = query.timeDimension?.range;
  if (range && range.kind !== 'all') title += `, ${describeRange(range)}`;
  const valueFilters = query.filters.filter((f) => f.op === 'in' && f.values.length <= 2);
  if (valueFilters.length > 0)
    title += ` (${valueFilters.map((f) => f.values.map((v) => shownValue(model, f.field, String(v))).join(', ')).join('; ')})`;
  return title;
}

/** Every part of the query in words, for the "I understood" text. */
export function describeQuery(query: TSemanticQuery, model: TSemanticModel): string {
  const parts = [describeTitle(query, model)];
  if (query.compare)
    parts.push(`compared with ${describeComparison(query.compare, query.timeDimension?.range)}`);
  const other = query.filters.filter((f) => !(f.op === 'in' && f.values.length <= 2));
  if (other.length > 0) parts.push(`where ${other.map((f) => describeFilter(model, f)).join(' and ')}`);
  if (query.order && !query.limit) {
    parts.push(
      `sorted by ${label(model, query.order.field)} ${query.order.dir === 'desc' ? 'high to low' : 'low to high'}`,
    );
  }
  if (query.chart) parts.push(`as a ${query.chart} chart`);
  return parts.join(', ');
}
