import { describe, expect, it } from 'vitest';
import { Lru } from './lru';

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
