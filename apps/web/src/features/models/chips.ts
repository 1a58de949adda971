import type { TDateRange, TModelView, TSemanticQuery } from '@parley/contract';
import { assertNever } from '../../lib/assert-never';

/** One part of how a phrase was read, as a labelled pill. */
export interface Chip {
  kind: 'measure' | 'grouping' | 'filter' | 'period' | 'comparison';
  text: string;
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** Field labels of the model view by name (measures, dimensions, time dimensions). */
function labels(view: TModelView): Map<string, string> {
  const map = new Map<string, string>();
  for (const f of [...view.measures, ...view.dimensions, ...view.timeDimensions]) map.set(f.name, f.label);
  return map;
}

/** A date range in words: "last 3 months", "2025-01-01 – 2025-03-31", "Q2 2025". */
export function periodText(range: TDateRange, t: T): string {
  switch (range.kind) {
    case 'all':
      return t('period.all');
    case 'this':
      return t('period.this', { unit: t(`units.${range.unit}`) });
    case 'last':
      return t('period.last', { count: range.n, unit: t(`units.${range.unit}`) });
    case 'to_date':
      return t('period.to_date', { unit: t(`units.${range.unit}`) });
    case 'half':
      return `H${range.half}${range.year ? ` ${range.year}` : ''}`;
    case 'year':
      return String(range.year);
    case 'quarter':
      return `Q${range.quarter} ${range.year}`;
    case 'month':
      return `${range.year}-${String(range.month).padStart(2, '0')}`;
    case 'day':
      return range.date;
    case 'between':
      return `${range.from} – ${range.to}`;
    default:
      return assertNever(range);
  }
}

/** The chips of a query: its measures, groupings, filters, period and comparison, with the model's labels. */
export function queryChips(query: TSemanticQuery, view: TModelView, t: T): Chip[] {
  const label = labels(view);
  const name = (n: string) => label.get(n) ?? query.arithmetic?.find((a) => a.name === n)?.name ?? n;
  const valueLabel = (field: string, v: string | number) =>
    view.dimensions.find((d) => d.name === field)?.valueLabels?.[String(v)] ?? String(v);
  const chips: Chip[] = query.measures.map((m) => ({ kind: 'measure', text: name(m) }));
  for (const d of query.dimensions) chips.push({ kind: 'grouping', text: name(d) });
  const time = query.timeDimension;
  if (time?.grain)
    chips.push({ kind: 'grouping', text: t('chips.by_grain', { grain: t(`units.${time.grain}`) }) });
  for (const f of query.filters) {
    const values = f.values.map((v) => valueLabel(f.field, v)).join(', ');
    chips.push({ kind: 'filter', text: t(`ops.${f.op}`, { field: name(f.field), values }) });
  }
  if (time) chips.push({ kind: 'period', text: `${name(time.field)}: ${periodText(time.range, t)}` });
  if (query.compare) chips.push({ kind: 'comparison', text: t(`compare.${query.compare}`) });
  return chips;
}
