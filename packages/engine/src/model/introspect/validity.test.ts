/**
 * History tables (rows valid from one date to another) told from durations (an event and its end)
 * and from unrelated dates, by their names and, when sampled, their rows.
 */
import { describe, expect, it } from 'vitest';
import { parseQuestion } from '../../parser/parse';
import type { TIntrospectedTable } from '../introspection';
import { findTableValidity, type TSemanticModel } from '../semantic-model';
import { generateModel } from './generate-model';
import { col, fk, table } from './introspection.testkit';

const person = table(
  'person',
  [
    col('person_id', 'INTEGER'),
    col('full_name', 'VARCHAR'),
    col('birth_date', 'DATE'),
    col('hire_date', 'DATE'),
  ],
  100,
  { primaryKey: ['person_id'] },
);
const model = (...tables: TIntrospectedTable[]): TSemanticModel =>
  generateModel({ tables: [person, ...tables] });
const measureNames = (m: TSemanticModel): string[] => m.measures.map((x) => x.name);

describe('validity periods (issue 29, shape 7)', () => {
  it('reads a versioned table keyed by the entity and its from date as history', () => {
    const m = model(
      table(
        'wage',
        [
          col('person_id', 'INTEGER'),
          col('amount', 'DECIMAL(10,2)'),
          col('start_date', 'DATE'),
          col('end_date', 'DATE'),
        ],
        600,
        { primaryKey: ['person_id', 'start_date'], foreignKeys: [fk(['person_id'], 'person')] },
      ),
    );
    expect(findTableValidity(m, 'wage')).toEqual({
      table: 'wage',
      from: 'start_date',
      to: 'end_date',
      dataType: 'date',
    });
    const avg = m.measures.find((x) => x.name === 'wage.amount.avg');
    expect(avg?.kind === 'aggregate' && avg.validity?.table).toBe('wage');
    // Its from and to dates bound validity: no "days from start to end".
    expect(measureNames(m).some((n) => n.includes('.days.'))).toBe(false);
    // "number of people" counts the people with a row valid on the day, not every person ever.
    const parsed = parseQuestion('number of people', { model: m, today: '2024-06-30', weekStart: 'monday' });
    expect(parsed.kind === 'query' ? parsed.query.measures : parsed).toEqual(['wage.person_id.valid_count']);
    expect(m.measures.find((x) => x.name === 'person.count')?.label).toBe('All People');
    // Dated by the entity's own date ("hired"), the count is the entity's own: every hire that year.
    const hired = parseQuestion('number of people hired in 2020', {
      model: m,
      today: '2024-06-30',
      weekStart: 'monday',
    });
    expect(hired.kind === 'query' ? hired.query.measures : hired).toEqual(['person.count']);
  });

  it('reads valid_from/valid_to with a surrogate key as history when the entity repeats', () => {
    const prices = (productDistinct: number) =>
      table(
        'price_list',
        [
          col('price_list_id', 'INTEGER', null, 500),
          col('person_id', 'INTEGER', null, productDistinct),
          col('price', 'DECIMAL(10,2)'),
          col('valid_from', 'DATE'),
          col('valid_to', 'DATE'),
        ],
        500,
        { primaryKey: ['price_list_id'], foreignKeys: [fk(['person_id'], 'person')] },
      );
    expect(findTableValidity(model(prices(80)), 'price_list')?.from).toBe('valid_from');
    // Unsampled: the names and the declared reference decide.
    expect(findTableValidity(model({ ...prices(0), rowCount: 0 }), 'price_list')?.to).toBe('valid_to');
    // Every entity once: the sampled rows say these are no versions.
    expect(findTableValidity(model(prices(500)), 'price_list')).toBeNull();
  });

  it('leaves a start and an end on rows keyed by their own id to durations', () => {
    const m = model(
      table(
        'project',
        [
          col('project_id', 'INTEGER'),
          col('person_id', 'INTEGER'),
          col('start_date', 'DATE'),
          col('end_date', 'DATE'),
        ],
        300,
        { primaryKey: ['project_id'], foreignKeys: [fk(['person_id'], 'person')] },
      ),
    );
    expect(findTableValidity(m, 'project')).toBeNull();
    expect(measureNames(m)).toContain('project.end_date.days.avg');
  });

  it('reads an order and its shipping, or a birth and a hire date, as no validity', () => {
    const m = model(
      table(
        'orders',
        [
          col('order_id', 'INTEGER'),
          col('person_id', 'INTEGER'),
          col('order_date', 'DATE'),
          col('ship_date', 'DATE'),
        ],
        900,
        { primaryKey: ['order_id'], foreignKeys: [fk(['person_id'], 'person')] },
      ),
    );
    expect(findTableValidity(m, 'orders')).toBeNull();
    expect(findTableValidity(m, 'person')).toBeNull();
    expect(measureNames(m)).toContain('orders.ship_date.days.avg');
  });
});
