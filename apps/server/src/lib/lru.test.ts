import { describe, expect, it } from 'vitest';
import { approximateBytes, Lru } from './lru';

describe('Lru', () => {
  it('forgets the least recently used entry first', () => {
    const lru = new Lru<number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now the most recent
    lru.set('c', 3);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(lru.size).toBe(2);
  });

  it('keeps nothing with a size of 0', () => {
    const lru = new Lru<number>(0);
    lru.set('a', 1);
    expect(lru.get('a')).toBeUndefined();
  });

  it('forgets the entries whose key matches', () => {
    const lru = new Lru<number>(5);
    lru.set('a:1', 1);
    lru.set('b:1', 2);
    lru.set('a:2', 3);
    lru.deleteWhere((k) => k.startsWith('a:'));
    expect(lru.size).toBe(1);
    expect(lru.get('b:1')).toBe(2);
  });
});

describe('Lru with a byte budget', () => {
  const sized = (maxBytes: number) => new Lru<string>(100, { maxBytes, sizeOf: (value) => value.length });

  it('forgets the least recently used entries until the rest fit the budget', () => {
    const lru = sized(10);
    lru.set('a', 'aaaa');
    lru.set('b', 'bbbb');
    expect(lru.get('a')).toBe('aaaa'); // a is now the most recent
    lru.set('c', 'cccccc');
    // 4 + 4 + 6 > 10: b (least recent) goes, a and c fit exactly.
    expect(lru.has('b')).toBe(false);
    expect(lru.get('a')).toBe('aaaa');
    expect(lru.get('c')).toBe('cccccc');
    expect(lru.bytes).toBe(10);
    lru.set('d', 'dddddddd');
    expect([lru.has('a'), lru.has('c'), lru.has('d')]).toEqual([false, false, true]);
    expect(lru.bytes).toBe(8);
  });

  it('refuses an entry larger than the whole budget, and keeps what it had', () => {
    const lru = sized(10);
    lru.set('a', 'aaaa');
    lru.set('huge', 'x'.repeat(11));
    expect(lru.has('huge')).toBe(false);
    expect(lru.get('a')).toBe('aaaa');
    expect(lru.bytes).toBe(4);
  });

  it('measures a value again when it is set again, and forgets its bytes with it', () => {
    const lru = new Lru<{ parts: string[] }>(100, {
      maxBytes: 10,
      sizeOf: (value) => value.parts.join('').length,
    });
    const grown = { parts: ['aaa'] };
    lru.set('a', grown);
    lru.set('b', { parts: ['bbb'] });
    grown.parts.push('aaaaa');
    lru.set('a', grown);
    // a is 8 bytes now: b no longer fits beside it.
    expect(lru.has('b')).toBe(false);
    expect(lru.bytes).toBe(8);
    lru.delete('a');
    lru.deleteWhere(() => true);
    expect(lru.bytes).toBe(0);
    expect(lru.size).toBe(0);
  });

  it('still keeps at most max entries', () => {
    const lru = new Lru<string>(2, { maxBytes: 1_000, sizeOf: (value) => value.length });
    for (const key of ['a', 'b', 'c']) lru.set(key, key);
    expect(lru.size).toBe(2);
    expect(lru.has('a')).toBe(false);
    expect(lru.bytes).toBe(2);
  });
});

describe('approximateBytes', () => {
  it('grows with the rows and the text in them', () => {
    const rows = (n: number, text: string) =>
      Array.from({ length: n }, (_, i) => ({ region: text, revenue: i * 1.5, day: '2026-01-01' }));
    const small = approximateBytes(rows(10, 'EMEA'));
    expect(approximateBytes(rows(1000, 'EMEA'))).toBeGreaterThan(90 * small);
    expect(approximateBytes(rows(10, 'E'.repeat(1000)))).toBeGreaterThan(10 * 1000);
    // Never less than the JSON text's characters.
    const value = { card: rows(50, 'Americas'), at: new Date(0), ok: true, none: null };
    expect(approximateBytes(value)).toBeGreaterThanOrEqual(JSON.stringify(value).length);
  });
});
