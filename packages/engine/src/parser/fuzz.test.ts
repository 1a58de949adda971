import { describe, expect, it } from 'vitest';
import { compileQuery } from '../compiler/compile';
import { SQL_DIALECTS } from '../compiler/dialect';
import { getDemoModel } from '../model/demo-model';
import { parseQuestion } from './parse';

/** Deterministic PRNG so a failure can be replayed. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FRAGMENTS = [
  "'; DROP TABLE orders; --",
  '" OR 1=1 --',
  'UNION SELECT * FROM pg_user',
  '$1',
  '?',
  '\\',
  '/*',
  '*/',
  ';',
  'revenue',
  'orders',
  'by',
  'country',
  'germany',
  'last',
  '3',
  'months',
  'vs',
  'top',
  '5',
  'over',
  '1000',
  '%',
  'ünïcödé',
  '😀',
  '\u0000',
  '\u0001',
  '\u202e',
  'null',
  'undefined',
  '${x}',
  '<img src=x onerror=alert(1)>',
  'EMEA',
  'paid search',
  'between',
  'and',
  'q2',
  '2025',
  'yesterday',
  'as a pie',
  'which',
  'most',
  'not',
  '-1',
  '1e309',
  'NaN',
];

/** A tenth of the full size unless PARLEY_FULL_FUZZ is 1 or names this fuzzer (`parser`): then 10 000 phrases. */
const FULL = (process.env.PARLEY_FULL_FUZZ ?? '').split(',').some((v) => v === '1' || v === 'parser');
const PHRASES = FULL ? 10_000 : 1_000;

describe('parser fuzz', () => {
  it(`${PHRASES} hostile phrases never throw and only ever compile to parameterised SELECTs`, () => {
    const model = getDemoModel();
    const random = mulberry32(42);
    let queries = 0;
    for (let i = 0; i < PHRASES; i++) {
      let phrase = '';
      const mode = i % 4;
      if (mode === 3 && i % 40 === 3)
        phrase = 'revenue '.repeat(1_300); // ~10 KB
      else if (mode === 2)
        phrase = Array.from({ length: 1 + Math.floor(random() * 30) }, () =>
          String.fromCharCode(Math.floor(random() * 0xffff)),
        ).join('');
      else
        phrase = Array.from(
          { length: 1 + Math.floor(random() * 8) },
          () => FRAGMENTS[Math.floor(random() * FRAGMENTS.length)],
        ).join(' ');
      const parsed = parseQuestion(phrase, { model, today: '2026-11-20', weekStart: 'monday' });
      if (parsed.kind !== 'query') continue;
      queries++;
      for (const dialect of SQL_DIALECTS) {
        const { sql, params } = compileQuery(parsed.query, model, {
          dialect,
          today: '2026-11-20',
          weekStart: 'monday',
        });
        expect(sql).toMatch(/^(SELECT|WITH) /);
        // No user text reaches SQL: every quoted string literal is a model-authored constant.
        expect(sql).not.toMatch(/--|;|\/\*/);
        for (const value of params) {
          if (typeof value === 'string' && value.length > 3) expect(sql).not.toContain(value);
        }
        for (const literal of sql.match(/'[^']*'/g) ?? [])
          expect(literal).toMatch(
            /^'(week|month|quarter|year|day|1 day|start of (month|year)|weekday [01]|-6 days|%m| months| days|\+|-)'$/,
          );
      }
    }
    expect(queries).toBeGreaterThan(PHRASES / 100);
  }, 60_000);
});
