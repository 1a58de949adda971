/**
 * importDbt on a real dbt project: the jaffle shop with MetricFlow semantic models (its README's
 * "Known quirks": bare SQL filters, no time grains, a measure on a column the model does not output).
 */
import { describe, expect, it } from 'vitest';
import { parseQuestion } from '../../parser/parse';
import { generateModel } from '../introspect/generate-model';
import { applyOverlay } from '../overlay/apply-overlay';
import { importDbt } from './import-dbt';
import { JAFFLE_SCHEMA, jaffleFiles } from './jaffle-dbt.testkit';

const DATASETS = process.env.PARLEY_DATASETS_DIR;

describe.skipIf(!DATASETS)('importDbt: the jaffle shop MetricFlow project', () => {
  const run = () => importDbt(jaffleFiles(DATASETS!), generateModel(JAFFLE_SCHEMA, 'jaffle'), JAFFLE_SCHEMA);

  it('maps every semantic model, entity, dimension, measure and metric but the measure on a missing column', () => {
    const { mapped, unmapped } = run();
    expect(unmapped).toEqual([
      {
        kind: 'measure',
        name: 'total_order_amount',
        reason: 'column `total_order_amount` is not in table `customers`',
      },
    ]);
    expect(mapped.map((m) => `${m.kind} ${m.name}`)).toEqual([
      'semantic_model semantic_customers',
      'entity semantic_customers.customer',
      'dimension semantic_customers.first_order',
      'dimension semantic_customers.most_recent_order',
      'measure number_of_orders',
      'semantic_model semantic_orders',
      'entity semantic_orders.order',
      'entity semantic_orders.customer',
      'dimension semantic_orders.order_date',
      'dimension semantic_orders.status',
      'measure amount',
      'measure credit_card_amount',
      'measure coupon_amount',
      'measure bank_transfer_amount',
      'measure gift_card_amount',
      'metric returned_amount',
      'metric returned_percent',
      'metric gift_card_amount',
      'metric amount',
      'metric non_gift_card_amount',
    ]);
  });

  it('writes each metric as the YAML defines it', () => {
    const { overlay } = run();
    const measure = (name: string) => overlay.measures.find((m) => m.name === name);
    const sumOf = (column: string) => ({ table: 'orders', agg: 'sum', expr: { column } });
    expect(measure('amount')).toMatchObject({ ...sumOf('amount'), label: 'Amount', where: [] });
    expect(measure('gift_card_amount')).toMatchObject({
      ...sumOf('gift_card_amount'),
      label: 'Gift Card Amount',
    });
    // A bare SQL filter of the pre-release spec, on the orders' status dimension.
    expect(measure('returned_amount')).toMatchObject({
      ...sumOf('amount'),
      label: 'Returned Amount',
      synonyms: ['returned amount'],
      where: [{ table: 'orders', column: 'status', values: ['return_pending'] }],
    });
    // The ratio's filtered numerator reads the same rows as returned_amount, so it is that measure.
    expect(measure('returned_percent')).toEqual({
      kind: 'metric',
      name: 'returned_percent',
      label: 'Returned Percent',
      synonyms: ['returned percent'],
      // Returned amount over all amount: a fraction, shown as a percentage.
      format: 'percent',
      op: '/',
      left: 'returned_amount',
      right: 'amount',
    });
    expect(measure('non_gift_card_amount')).toMatchObject({
      kind: 'metric',
      op: '-',
      left: 'amount',
      right: 'gift_card_amount',
    });
    // Money measures keep the base model's format of the same column.
    expect(measure('amount')?.format).toBe('currency');
  });

  it('hides the measures no metric offers and the introspected twins of its metrics, and adds no join the base model has', () => {
    const { overlay } = run();
    expect(overlay.fields).toEqual({
      number_of_orders: { hidden: true },
      credit_card_amount: { hidden: true },
      coupon_amount: { hidden: true },
      bank_transfer_amount: { hidden: true },
      'orders.amount.sum': { hidden: true },
      'orders.gift_card_amount.sum': { hidden: true },
    });
    // The words that found the introspected sum of amount find the metric now.
    const amount = overlay.measures.find((m) => m.name === 'amount');
    expect(amount?.synonyms.slice(0, 4)).toEqual(['amount', 'Order Amount', 'total amount', 'sum of amount']);
    expect(amount?.synonyms).toContain('revenue');
    expect(overlay.joins).toEqual({ add: [], remove: [] });
    expect(overlay.dimensions).toEqual([]);
    expect(overlay.measures.map((m) => m.name)).toEqual([
      'number_of_orders',
      'amount',
      'credit_card_amount',
      'coupon_amount',
      'bank_transfer_amount',
      'gift_card_amount',
      'returned_amount',
      'returned_percent',
      'non_gift_card_amount',
    ]);
  });

  it('once applied, answers by the metrics: their names, and the words of the measures they replace', () => {
    const base = generateModel(JAFFLE_SCHEMA, 'jaffle');
    const { model, disabled } = applyOverlay(base, run().overlay, JAFFLE_SCHEMA);
    expect(disabled).toEqual([]);
    const read = (phrase: string) => {
      const parsed = parseQuestion(phrase, {
        model,
        today: '2018-04-10',
        weekStart: 'monday',
        dialect: 'postgres',
      });
      return parsed.kind === 'query' ? [parsed.query.measures, parsed.query.dimensions] : parsed.text;
    };
    expect(read('total revenue')).toEqual([['amount'], []]);
    expect(read('amount by status')).toEqual([['amount'], ['orders.status']]);
    expect(read('returned amount')).toEqual([['returned_amount'], []]);
    expect(read('returned percent')).toEqual([['returned_percent'], []]);
    expect(read('non gift card amount')).toEqual([['non_gift_card_amount'], []]);
  });
});
