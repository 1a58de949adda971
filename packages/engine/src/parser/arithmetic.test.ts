/** Arithmetic the user states between two measures is one computed measure. */
import { describe, expect, it } from 'vitest';
import { buildCard } from '../card/build-card';
import { compileQuery } from '../compiler/compile';
import { getDemoModel } from '../model/demo-model';
import { parseQuestion } from './parse';

const model = getDemoModel();
const options = { model, today: '2026-11-20', weekStart: 'monday' as const };

describe('arithmetic between measures', () => {
  it.each([
    ['revenue divided by sessions by channel', 'divide', 'revenue', 'sessions', ['channel']],
    ['refunds as a share of revenue by region', 'share', 'refunds', 'revenue', ['region']],
    ['revenue minus refunds', 'subtract', 'revenue', 'refunds', []],
    ['revenue plus refunds by region', 'add', 'revenue', 'refunds', ['region']],
    ['kanala göre gelir bölü oturum', 'divide', 'revenue', 'sessions', ['channel']],
    ['gelir eksi iadeler', 'subtract', 'revenue', 'refunds', []],
  ])('%s', (question, op, left, right, dimensions) => {
    const parsed = parseQuestion(question, options);
    if (parsed.kind !== 'query') throw new Error(parsed.text);
    const name = `${left}__${op}__${right}`;
    expect(parsed.query.measures).toEqual([name]);
    expect(parsed.query.arithmetic).toEqual([{ name, op, left, right }]);
    expect(parsed.query.dimensions).toEqual(dimensions);
  });

  it('asks back about an arithmetic word without a measure on each side', () => {
    expect(parseQuestion('revenue minus', options).kind).toBe('clarify');
    expect(parseQuestion('revenue minus by region', options).kind).toBe('clarify');
  });

  it('labels the measure, formats a share as a percent and divides safely on every dialect', () => {
    const parsed = parseQuestion('refunds as a share of revenue by region', options);
    if (parsed.kind !== 'query') throw new Error(parsed.text);
    expect(parsed.understood).toContain('Refunds as a Share of Revenue');
    for (const dialect of ['duckdb', 'postgres', 'sqlite'] as const) {
      const compiled = compileQuery(parsed.query, model, {
        dialect,
        today: options.today,
        weekStart: 'monday',
      });
      expect(compiled.sql).toContain('NULLIF(');
      expect(compiled.columns.at(-1)).toMatchObject({
        key: 'Refunds as a Share of Revenue',
        format: 'percent',
      });
    }
  });

  it('offers "A divided by B" first when "A per B" is no measure, and that choice computes it', () => {
    const asked = parseQuestion('pageviews per session by device', options);
    if (asked.kind !== 'clarify') throw new Error('expected a question back');
    expect(asked.prompt.items[0]).toBe('Pageviews divided by Sessions by device');
    const chosen = parseQuestion(asked.prompt.items[0]!, options);
    expect(chosen.kind === 'query' && chosen.query).toMatchObject({
      measures: ['pageviews__divide__sessions'],
      dimensions: ['device'],
    });
  });

  it('keeps the computed measure in a follow-up', () => {
    const first = parseQuestion('revenue minus refunds', options);
    if (first.kind !== 'query') throw new Error(first.text);
    const next = parseQuestion('and by region', { ...options, previous: first.query });
    if (next.kind !== 'query') throw new Error(next.text);
    expect(next.query.measures).toEqual(['revenue__subtract__refunds']);
    expect(next.query.arithmetic).toEqual(first.query.arithmetic);
    expect(next.query.dimensions).toEqual(['region']);
  });

  it.each([
    ['bölgeye göre medyan gelir', 'Medyan Gelir'],
    ['gelir eksi iadeler', 'Gelir Eksi İade'],
    ['refunds as a share of revenue', 'Gelir İçinde İade Payı'],
  ])('names %s on a Turkish card: %s', (question, label) => {
    const parsed = parseQuestion(question, options);
    if (parsed.kind !== 'query') throw new Error(parsed.text);
    const compiled = compileQuery(parsed.query, model, {
      dialect: 'duckdb',
      today: options.today,
      weekStart: 'monday',
    });
    const key = compiled.columns.at(-1)!.key;
    const card = buildCard({
      query: parsed.query,
      model,
      compiled,
      rows: [{ Region: 'EMEA', [key]: 1 }],
      readAt: '2026-11-20T00:00:00Z',
      language: 'tr',
      locale: 'tr',
    });
    expect(card.columns.at(-1)!.label).toBe(label);
    expect(card.title).toContain(label);
  });
});
