/**
 * The output columns of a query, named as users see them (DESIGN §6 Card CONTRACT): the
 * compiler aliases SQL columns with these keys and the card builder reads rows by them.
 */
import type { TCardColumn, TSemanticQuery, TTimeGrain } from '@parley/contract';
import { getDimension, getMeasure, type TSemanticModel } from '../model/semantic-model';
import { assertNever } from '../util';

export function getGrainLabel(grain: TTimeGrain): string {
  switch (grain) {
    case 'day':
      return 'Day';
    case 'week':
      return 'Week';
    case 'month':
      return 'Month';
    case 'quarter':
      return 'Quarter';
    case 'year':
      return 'Year';
    default:
      return assertNever(grain);
  }
}

export function previousKey(measureLabel: string): string {
  return `Previous_${measureLabel}`;
}

export function changeKey(measureLabel: string): string {
  return `${measureLabel}__change`;
}

export function shareKey(measureLabel: string): string {
  return `${measureLabel}__%`;
}

/**
 * Row key of a measure's (or previous value's) total over every group the question covers, read
 * beside a top N's rows so their shares are of the whole, not of the rows kept.
 */
export function wholeKey(key: string): string {
  return `${key}__whole`;
}

/** Columns the SQL returns, in order: dimensions, time bucket, measures (then their previous values). */
export function getQueryColumns(query: TSemanticQuery, model: TSemanticModel): TCardColumn[] {
  const columns: TCardColumn[] = [];
  for (const name of query.dimensions) {
    const d = getDimension(model, name);
    columns.push({ key: d.label, label: d.label, kind: 'dimension', format: 'number' });
  }
  const grain = query.timeDimension?.grain;
  if (grain) {
    const label = getGrainLabel(grain);
    columns.push({ key: label, label, kind: 'time', format: 'date' });
  }
  for (const name of query.measures) {
    const m = getMeasure(model, name);
    columns.push({ key: m.label, label: m.label, kind: 'measure', format: m.format });
  }
  if (query.compare) {
    for (const name of query.measures) {
      const m = getMeasure(model, name);
      columns.push({
        key: previousKey(m.label),
        label: `Previous ${m.label}`,
        kind: 'measure',
        format: m.format,
      });
    }
  }
  return columns;
}
