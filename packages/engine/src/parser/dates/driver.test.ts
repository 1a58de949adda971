/**
 * The date-grammar driver on its own, fed with a made-up language: what a language's rule table
 * may rely on (order is precedence, a refused match stays for later rules, roles, presets,
 * `when`, day-first numbers, the settled comparison). The English and Turkish grammars are
 * tested through the parser (parse.test.ts, tr.test.ts and the accuracy sets).
 */
import type { TDateUnit } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import type { TDateContext, TDateGrammar, TDateRule } from '../../languages/date-rule-types';
import { TokenScanner } from '../scanner';
import { findDatesWith } from './driver';

/** "lst 3 mos", "dis mo", "mo 5 yr 2025", "gainst prev 3 mos": a pseudo-language of clipped words. */
const UNITS: Record<string, TDateUnit> = { dy: 'day', wk: 'week', mo: 'month', qtr: 'quarter', yr: 'year' };
const MONTHS: Record<string, number> = { jn: 1, fb: 2, mr: 3 };
const ORDINALS: Record<string, number> = { frst: 1, scnd: 2 };
const UNIT = '(dy|wk|mo|qtr|yr)s?';
const fake = (rules: TDateRule[]): TDateGrammar => ({
  rules,
  unit: (word) => UNITS[word],
  month: (word) => MONTHS[word],
  ordinal: (word) => ORDINALS[word] ?? Number(word),
  yearShift: (word) => (word === 'prev' ? -1 : 0),
});
const CTX: TDateContext = { today: '2026-11-20', dayFirst: false };

function find(grammar: TDateGrammar, phrase: string, ctx = CTX) {
  const tokens = phrase.split(' ').map((norm) => ({ norm, lemma: norm, consumed: false }));
  const found = findDatesWith(grammar, new TokenScanner(tokens), ctx);
  return { ...found, left: tokens.filter((t) => !t.consumed).map((t) => t.norm) };
}

describe('the date-grammar driver', () => {
  it('builds ranges from roles and presets, and consumes what it read', () => {
    const grammar = fake([
      { build: 'last', source: `lst (\\d{1,3}) ${UNIT}`, groups: ['n', 'unit'] },
      { build: 'thisOrLast', source: `(?:(dis)|lst) ${UNIT}`, groups: ['this', 'unit'] },
      { build: 'last', source: 'yday', preset: { unit: 'day' } },
      { build: 'month', source: '(jn|fb|mr)(?: ((?:19|20)\\d\\d))?', groups: ['month', 'year'] },
    ]);
    expect(find(grammar, 'sales lst 3 mos')).toEqual({
      ranges: [{ kind: 'last', unit: 'month', n: 3 }],
      compare: null,
      wantsChange: false,
      left: ['sales'],
    });
    expect(find(grammar, 'dis qtr yday').ranges).toEqual([
      { kind: 'this', unit: 'quarter' },
      { kind: 'last', unit: 'day', n: 1 },
    ]);
    // A month without a year is its latest occurrence on or before today.
    expect(find(grammar, 'fb 2024 mr').ranges).toEqual([
      { kind: 'month', year: 2024, month: 2 },
      { kind: 'month', year: 2026, month: 3 },
    ]);
  });

  it('tries the rules in order: the first to read the words keeps them', () => {
    const asYear: TDateRule = { build: 'year', source: '((?:19|20)\\d\\d)', groups: ['year'] };
    const asSince: TDateRule = { build: 'since', source: '((?:19|20)\\d\\d) onward', groups: ['year'] };
    expect(find(fake([asYear, asSince]), '2025 onward').ranges).toEqual([{ kind: 'year', year: 2025 }]);
    expect(find(fake([asSince, asYear]), '2025 onward').ranges).toEqual([
      { kind: 'between', from: '2025-01-01', to: '2026-11-20' },
    ]);
  });

  it('leaves the words of a refused match to later rules (a step or the language saying no)', () => {
    const grammar = fake([
      // A step refuses: there is no 30–31 February (and no 31 February for the day rule either).
      { build: 'daySpan', source: '(\\d{1,2}) (\\d{1,2}) (jn|fb|mr)', groups: ['day', 'day2', 'month'] },
      // The language refuses: "lst" before a number counts only when "gainst" follows within three words.
      {
        build: 'vsPreviousSpan',
        source: `lst (\\d{1,3}) ${UNIT}`,
        groups: ['n', 'unit'],
        when: (_w, following) => following.slice(0, 4).includes('gainst'),
      },
      { build: 'last', source: `lst (\\d{1,3}) ${UNIT}`, groups: ['n', 'unit'] },
      { build: 'day', source: '(\\d{1,2}) (jn|fb|mr)', groups: ['day', 'month'] },
    ]);
    expect(find(grammar, '30 31 fb').ranges).toEqual([]);
    expect(find(grammar, '30 31 fb').left).toEqual(['30', '31', 'fb']);
    expect(find(grammar, '5 9 fb').ranges).toEqual([
      { kind: 'between', from: '2026-02-05', to: '2026-02-09' },
    ]);
    expect(find(grammar, 'lst 2 wks').ranges).toEqual([{ kind: 'last', unit: 'week', n: 2 }]);
  });

  it('settles "vs the previous N units" against the one range found', () => {
    const grammar = fake([
      { build: 'vsPreviousSpan', source: `gainst prev (\\d{1,3}) ${UNIT}`, groups: ['n', 'unit'] },
      { build: 'vsPreviousUnit', source: `gainst prev ${UNIT}`, groups: ['unit'] },
      { build: 'last', source: `lst (\\d{1,3}) ${UNIT}`, groups: ['n', 'unit'] },
      { build: 'thisOrLast', source: `(dis) ${UNIT}`, groups: ['this', 'unit'] },
    ]);
    // The same span just before: the range's previous period.
    expect(find(grammar, 'lst 7 dys gainst prev 7 dys')).toMatchObject({
      ranges: [{ kind: 'last', unit: 'day', n: 7 }],
      compare: 'previous_period',
    });
    // Another length: a second period (the parser asks).
    expect(find(grammar, 'lst 7 dys gainst prev 3 dys')).toMatchObject({
      ranges: [
        { kind: 'last', unit: 'day', n: 7 },
        { kind: 'last', unit: 'day', n: 3 },
      ],
      compare: null,
    });
    // "vs the previous month": the same unit as the range is its previous period, another names its unit.
    expect(find(grammar, 'dis mo gainst prev mo').compare).toBe('previous_period');
    expect(find(grammar, 'dis mo gainst prev yr').compare).toBe('previous_year');
  });

  it('reads 01/03/2025 as the reader writes it, and a year written once for both ends of a span', () => {
    const grammar = fake([
      { build: 'day', source: '(\\d{1,2})/(\\d{1,2})/(\\d{4})', groups: ['dm', 'md', 'year'] },
      {
        build: 'span',
        source: '(?:((?:19|20)\\d\\d) )?(jn|fb|mr) to (jn|fb|mr)',
        groups: ['yearBoth', 'month', 'month2'],
      },
    ]);
    expect(find(grammar, '01/03/2025').ranges).toEqual([{ kind: 'day', date: '2025-01-03' }]);
    expect(find(grammar, '01/03/2025', { ...CTX, dayFirst: true }).ranges).toEqual([
      { kind: 'day', date: '2025-03-01' },
    ]);
    expect(find(grammar, '2024 jn to mr').ranges).toEqual([
      { kind: 'between', from: '2024-01-01', to: '2024-03-31' },
    ]);
    // Without a year the span ends at the latest March on or before today.
    expect(find(grammar, 'jn to mr').ranges).toEqual([
      { kind: 'between', from: '2026-01-01', to: '2026-03-31' },
    ]);
  });
});
