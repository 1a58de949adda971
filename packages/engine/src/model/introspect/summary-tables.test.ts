/**
 * A small summary table uploaded as a file (a dozen rows, one name and one amount each): its
 * names are grouped by under their own word, and its amounts are summed, not grouped by.
 */
import { describe, expect, it } from 'vitest';
import { parseQuestion } from '../../parser/parse';
import type { TSemanticModel } from '../semantic-model';
import { generateModel } from './generate-model';
import { col, table } from './introspection.testkit';

/** Eleven short plan names and one of 63 characters, every one distinct. */
const PLANS = [
  ...Array.from({ length: 11 }, (_, i) => `Starter plan ${i + 1}`),
  'Enterprise plan with priority support and a dedicated manager!!',
];

const summary = (name: string): TSemanticModel =>
  generateModel({
    tables: [table(name, [col('product', 'VARCHAR', PLANS, 12), col('revenue', 'BIGINT', null, 12)], 12)],
  });

const ask = (model: TSemanticModel, phrase: string) =>
  parseQuestion(phrase, { model, today: '2026-12-07', weekStart: 'monday' });

describe('a small summary table of names and amounts', () => {
  it.each(['Plans', 'sales', 'products'])('answers "revenue by product" by each product on %s', (name) => {
    const r = ask(summary(name), 'revenue by product');
    expect(r.kind).toBe('query');
    if (r.kind !== 'query') return;
    expect(r.query.measures).toEqual([`${name}.revenue.sum`]);
    expect(r.query.dimensions).toEqual([`${name}.product`]);
  });

  it.each(['Plans', 'sales', 'products'])('does not group by its all-distinct revenue on %s', (name) => {
    const model = summary(name);
    expect(model.dimensions.map((d) => d.name)).not.toContain(`${name}.revenue`);
    const r = ask(model, 'revenue by revenue');
    if (r.kind === 'query') expect(r.query.dimensions).not.toContain(`${name}.revenue`);
  });

  it('matches the short names as values, not the one too long to type', () => {
    const product = summary('Plans').dimensions.find((d) => d.name === 'Plans.product');
    expect(product?.values).toEqual(PLANS.slice(0, 11));
  });

  it('still leaves out a column of long values (descriptions)', () => {
    const blurbs = PLANS.map((p) => `${p}: everything a growing team needs to share its reports well`);
    const model = generateModel({
      tables: [table('Plans', [col('product', 'VARCHAR', PLANS), col('blurb', 'VARCHAR', blurbs)], 12)],
    });
    expect(model.dimensions.map((d) => d.name)).not.toContain('Plans.blurb');
  });

  it('still groups by a whole number whose values repeat ("orders by quantity")', () => {
    const model = generateModel({
      tables: [table('orders', [col('product', 'VARCHAR', PLANS), col('quantity', 'BIGINT', null, 5)], 12)],
    });
    expect(model.dimensions.map((d) => d.name)).toContain('orders.quantity');
  });
});
