import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { encodeOnce, isShared, share, stringify } from './shared-json';

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

describe('encodeOnce', () => {
  const Z = z.object({ name: z.string(), n: z.number() });

  it('writes the checked value (unknown keys dropped), shared or not', () => {
    const value = { name: 'a', n: 1, extra: 'dropped' };
    expect(encodeOnce(Z, value)).toBe('{"name":"a","n":1}');
    expect(encodeOnce(Z, share({ ...value }))).toBe('{"name":"a","n":1}');
  });

  it('refuses a value that does not fit, every time, even shared', () => {
    const bad = share({ name: 'a', n: 'one' }) as unknown as z.output<typeof Z>;
    expect(() => encodeOnce(Z, bad)).toThrow();
    expect(() => encodeOnce(Z, bad)).toThrow();
  });

  it('checks an unshared value on every call, so a changed value is written as it is now', () => {
    const value = { name: 'a', n: 1 };
    expect(encodeOnce(Z, value)).toBe('{"name":"a","n":1}');
    value.n = 2;
    expect(encodeOnce(Z, value)).toBe('{"name":"a","n":2}');
  });

  it('remembers a shared value per schema: another schema checks it afresh', () => {
    const value = share({ name: 'a', n: 1 });
    expect(encodeOnce(Z, value)).toBe('{"name":"a","n":1}');
    expect(encodeOnce(z.object({ name: z.string() }), value)).toBe('{"name":"a"}');
    expect(() => encodeOnce(z.object({ name: z.number() }), value as never)).toThrow();
  });
});
