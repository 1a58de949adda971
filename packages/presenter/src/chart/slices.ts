/** Which answers may be drawn as slices (a pie or a donut): only parts of one whole. */
import type { TCard, TCardChart, TCardColumn } from '@parley/contract';
import { isAdditiveMeasure, PREVIOUS_PREFIX } from '../card-columns';

/**
 * Whether a measure's values are parts of one whole: the card says so where it was built; an
 * older card is told by the label and format (no averages, rates or percentages).
 */
export function formsWhole(column: Pick<TCardColumn, 'key' | 'label' | 'format' | 'additive'>): boolean {
  if (column.format === 'percent') return false;
  return column.additive ?? isAdditiveMeasure(column);
}

/** Whether a chart spec of a card may be drawn as slices: its measure forms a whole and no value is negative. */
export function slicesFit(
  card: Pick<TCard, 'columns'> & Partial<Pick<TCard, 'table'>>,
  spec: TCardChart,
): boolean {
  const y = spec.y.find((k) => !k.startsWith(PREVIOUS_PREFIX)) ?? spec.y[0];
  // A key the columns do not name is read as a plain number measure, as the chart draws it.
  const measure = card.columns.find((c) => c.key === y) ?? { key: y, label: y, format: 'number' };
  if ('kind' in measure && measure.kind !== 'measure') return false;
  if (!formsWhole(measure)) return false;
  return (card.table ?? []).every((row) => {
    const v = row[y];
    return typeof v !== 'number' || v >= 0;
  });
}
