import { describe, expect, it } from 'vitest';
import { compileQuery } from '../../compiler/compile';
import type { TIntrospectedColumn, TValueRange } from '../introspection';
import type { TAggregateMeasure, TSemanticModel } from '../semantic-model';
import { generateModel } from './generate-model';
import { col, table } from './introspection.testkit';

const measured = (c: TIntrospectedColumn, range: TValueRange): TIntrospectedColumn => ({ ...c, range });

/** The deals table the audit ran: a margin and a conversion in [0, 1], a discount pct in 0–100. */
function deals(withRanges: boolean): TSemanticModel {
  const ranged = (c: TIntrospectedColumn, range: TValueRange) => (withRanges ? measured(c, range) : c);
  return generateModel({
    tables: [
      table(
        'deals',
        [
          col('deal_id', 'BIGINT'),
          col('closed_on', 'DATE'),
          ranged(col('margin', 'DOUBLE'), { min: 0.05, max: 0.62, whole: false }),
          ranged(col('discount_pct', 'DOUBLE'), { min: 0, max: 35, whole: false }),
          ranged(col('conversion', 'DECIMAL(5,4)'), { min: 0, max: 0.8125, whole: false }),
          ranged(col('revenue', 'DECIMAL(12,2)'), { min: 120, max: 98_000.5, whole: false }),
        ],
        400,
        { primaryKey: ['deal_id'] },
      ),
    ],
  });
}

const OPTIONS = { dialect: 'postgres', today: '2025-06-30', weekStart: 'monday' } as const;

/** The SQL of one measure over all rows. */
const sqlOf = (model: TSemanticModel, measure: string) =>
  compileQuery({ measures: [measure], dimensions: [], filters: [] }, model, OPTIONS).sql;

const measureOf = (model: TSemanticModel, name: string) =>
  model.measures.find((m) => m.name === name) as TAggregateMeasure | undefined;

describe('shares among numeric columns', () => {
  it('averages a fraction as a percentage and never sums it, from its values', () => {
    const model = deals(true);
    for (const column of ['margin', 'conversion']) {
      expect(measureOf(model, `deals.${column}.sum`)).toBeUndefined();
      expect(measureOf(model, `deals.${column}.avg`)).toMatchObject({
        format: 'percent',
        agg: 'avg',
        expr: { table: 'deals', col: column },
      });
    }
  });

  it('reads a pct column past 1 as a percent of 100: averaged, divided by 100 for the percent format', () => {
    const model = deals(true);
    expect(measureOf(model, 'deals.discount_pct.sum')).toBeUndefined();
    const avg = measureOf(model, 'deals.discount_pct.avg')!;
    expect(avg.format).toBe('percent');
    const sql = sqlOf(model, avg.name);
    expect(sql).toContain('AVG(("deals"."discount_pct" / 100))');
  });

  it('keeps a money column a summed currency whatever its range', () => {
    const model = deals(true);
    expect(measureOf(model, 'deals.revenue.sum')).toMatchObject({ format: 'currency', agg: 'sum' });
    expect(measureOf(model, 'deals.revenue.avg')?.format).toBe('currency');
  });

  it('says "margin" for the average margin, with no total', () => {
    const model = deals(true);
    const avg = measureOf(model, 'deals.margin.avg')!;
    expect([avg.label, ...avg.synonyms]).toContain('margin');
  });

  it('without a measured range, reads the names as before', () => {
    const model = deals(false);
    expect(measureOf(model, 'deals.margin.sum')?.format).toBe('number');
    expect(measureOf(model, 'deals.conversion.sum')?.format).toBe('number');
    expect(measureOf(model, 'deals.discount_pct.sum')).toBeUndefined();
    expect(measureOf(model, 'deals.discount_pct.avg')).toMatchObject({
      format: 'percent',
      expr: { table: 'deals', col: 'discount_pct' },
    });
  });

  it('leaves a 0/1 decimal, an hourly rate and small amounts as they were', () => {
    const model = generateModel({
      tables: [
        table(
          'shifts',
          [
            col('shift_id', 'BIGINT'),
            measured(col('overtime', 'DECIMAL(3,0)'), { min: 0, max: 1, whole: true }),
            measured(col('hourly_rate', 'DOUBLE'), { min: 11.5, max: 48, whole: false }),
            measured(col('tip_amount', 'DOUBLE'), { min: 0, max: 0.95, whole: false }),
          ],
          50,
          { primaryKey: ['shift_id'] },
        ),
      ],
    });
    expect(measureOf(model, 'shifts.overtime.sum')?.format).toBe('number');
    expect(measureOf(model, 'shifts.hourly_rate.avg')?.format).toBe('number');
    expect(measureOf(model, 'shifts.hourly_rate.sum')).toBeUndefined();
    expect(measureOf(model, 'shifts.tip_amount.sum')?.format).toBe('currency');
  });

  it("takes a line's discount pct off its revenue as a percent of 100", () => {
    const model = generateModel({
      tables: [
        table(
          'order_lines',
          [
            col('line_id', 'BIGINT'),
            col('unit_price', 'DOUBLE'),
            col('quantity', 'BIGINT'),
            measured(col('discount_pct', 'INTEGER'), { min: 0, max: 25, whole: true }),
          ],
          900,
          { primaryKey: ['line_id'] },
        ),
      ],
    });
    const sql = sqlOf(model, 'order_lines.revenue.sum');
    expect(sql).toContain('(1 - ("order_lines"."discount_pct" / 100))');
  });
});
