import { describe, expect, it } from 'vitest';
import { isShared, share, stringify } from './shared-json';

describe('stringify', () => {
  const samples: unknown[] = [
    null,
    'x "quoted" \u2028 ünïcode',
    0,
    -0,
    1.5e300,
    Number.NaN,
    true,
    [],
    {},
    [1, undefined, () => 1, 'a'],
    { a: undefined, b: () => 1, c: null, 'd"e': [{ f: new Date('2026-11-23T10:00:00Z') }] },
    { nested: { deeper: { deepest: [1, [2, [3]]] } }, order: 'kept', 10: 'numeric keys first', 2: 'too' },
  ];
  it('writes what JSON.stringify writes, key order included', () => {
    for (const value of samples) expect(stringify(value)).toBe(JSON.stringify(value) ?? 'null');
  });

  it('writes shared values, alone or inside unshared ones, the same as JSON.stringify', () => {
    const card = share({ title: 'Revenue', table: [{ Region: 'EMEA', Revenue: 1.5 }], at: new Date(0) });
    const reply = { responses: [{ phrase: 'revenue by region', card, question_id: 'q1' }] };
    expect(stringify(card)).toBe(JSON.stringify(card));
    expect(stringify(reply)).toBe(JSON.stringify(reply));
    // The second time the card's text is the remembered one; still the same text.
    reply.responses[0]!.question_id = 'q2';
    expect(stringify(reply)).toBe(JSON.stringify(reply));
  });

  it('freezes shared values all the way down', () => {
    const card = share({ table: [{ Region: 'EMEA' }] });
    expect(isShared(card) && isShared(card.table) && isShared(card.table[0])).toBe(true);
    expect(() => {
      (card.table as unknown[]).push({});
    }).toThrow(TypeError);
  });

  it('does not remember an object frozen by anyone else (its insides may still change)', () => {
    const inner = { n: 1 };
    const outer = Object.freeze({ inner });
    expect(stringify(outer)).toBe('{"inner":{"n":1}}');
    inner.n = 2;
    expect(stringify(outer)).toBe('{"inner":{"n":2}}');
    expect(isShared(outer)).toBe(false);
  });
});
