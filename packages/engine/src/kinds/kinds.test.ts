/** The question-kind registry: one kind per name of the contract's union, each drawing its declared shape. */
import { QUESTION_KINDS, type TQuestionKind, type TSemanticQuery } from '@parley/contract';
import { chartShape, chartViewType, drawnShape } from '@parley/presenter';
import { describe, expect, it } from 'vitest';
import { addUnits } from '../dates/date-range';
import { listLanguages } from '../languages';
import { getDemoModel } from '../model/demo-model';
import { KIND_CUES, KINDS } from '.';
import type { TKindAnswerInput } from './types';

const model = getDemoModel();
const TODAY = '2026-11-20';
const options = { dialect: 'duckdb' as const, today: TODAY, weekStart: 'monday' as const };
const input = (query: TSemanticQuery): TKindAnswerInput => ({
  query,
  model,
  readAt: `${TODAY}T10:00:00.000Z`,
  today: TODAY,
  weekStart: 'monday',
  locale: 'en-US',
});

const base: TSemanticQuery = {
  measures: ['revenue'],
  dimensions: [],
  timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
  filters: [],
};

/** A question of each kind and rows its planned queries could return. */
const EXAMPLES: { [K in TQuestionKind]: { query: TSemanticQuery; rows: Record<string, unknown>[][] } } = {
  aggregate: {
    query: { ...base, dimensions: ['region'] },
    rows: [
      [
        { Region: 'EMEA', Revenue: 120 },
        { Region: 'APAC', Revenue: 80 },
      ],
    ],
  },
  drivers: {
    query: { ...base, compare: 'previous_period', dimensions: ['region'], analysis: { kind: 'drivers' } },
    rows: [
      [{ Revenue: 200, Previous_Revenue: 230 }],
      [
        { Region: 'EMEA', Revenue: 120, Previous_Revenue: 100 },
        { Region: 'APAC', Revenue: 80, Previous_Revenue: 130 },
      ],
    ],
  },
  forecast: {
    query: {
      ...base,
      timeDimension: { field: 'order_date', grain: 'month', range: { kind: 'last', unit: 'month', n: 24 } },
      analysis: { kind: 'forecast', horizon: 3 },
    },
    rows: [
      Array.from({ length: 24 }, (_, i) => ({
        Month: addUnits('2024-11-01', 'month', i),
        Revenue: 100 + 2 * i + (i % 12 === 11 ? 9 : 0),
      })),
    ],
  },
};

describe('the question kinds', () => {
  it('registers every kind of the contract’s union under its own name', () => {
    expect(Object.keys(KINDS).sort()).toEqual([...QUESTION_KINDS].sort());
    for (const kind of QUESTION_KINDS) expect(KINDS[kind]?.kind).toBe(kind);
  });

  it('cues each kind but the plain aggregate by keys every language pack has', () => {
    expect(KIND_CUES.aggregate).toEqual([]);
    expect(listLanguages().map((pack) => pack.code)).toEqual(expect.arrayContaining(['en', 'tr']));
    for (const kind of QUESTION_KINDS) {
      expect(KIND_CUES[kind]).toBe(KINDS[kind].cues);
      if (kind !== 'aggregate') expect(KINDS[kind].cues.length).toBeGreaterThan(0);
      // Every registered pack, so a new language is held to the kinds' cue keys too.
      for (const pack of listLanguages())
        for (const cue of KINDS[kind].cues) expect(pack.intents[cue], `${pack.code} ${cue}`).toBeDefined();
    }
  });

  for (const kind of QUESTION_KINDS) {
    it(`${kind}: plans its queries, answers with a card of its kind drawn as its shape`, () => {
      const def = KINDS[kind];
      const { query, rows } = EXAMPLES[kind];
      const plan = def.plan(query, model, options);
      expect(plan.queries.length).toBe(rows.length);
      const answer = def.answer(plan, rows, input(query));
      if (answer.kind !== 'card') throw new Error(answer.text);
      const { card } = answer;
      expect(card.kind).toBe(kind);
      const spec = card.chart[0];
      const drawn = drawnShape(chartShape(card, spec), chartViewType(spec, card)).draw;
      if (def.shape) expect(drawn).toBe(def.shape);
      else expect(['bar', 'line', 'pie', 'periods']).toContain(drawn);
    });
  }
});
