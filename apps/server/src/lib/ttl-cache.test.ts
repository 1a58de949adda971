import { afterEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache';

/** A loader that answers the current value of a "row" and counts its reads. */
function source(initial: string) {
  const state = { value: initial, reads: 0 };
  const load = async () => {
    state.reads++;
    return state.value;
  };
  return { state, load };
}

describe('TtlCache', () => {
  afterEach(() => vi.useRealTimers());

  it('answers from its copy while fresh and reads again once it is stale', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const cache = new TtlCache<string>(1000);
    const { state, load } = source('a');
    expect(await cache.read('k', load)).toBe('a');
    state.value = 'b';
    vi.advanceTimersByTime(999);
    expect(await cache.read('k', load)).toBe('a');
    expect(state.reads).toBe(1);
    vi.advanceTimersByTime(2);
    expect(await cache.read('k', load)).toBe('b');
    expect(state.reads).toBe(2);
  });

  it('reads the database again after forget, for that key or for every key', async () => {
    const cache = new TtlCache<string>(60_000);
    const a = source('a1');
    const b = source('b1');
    await cache.read('a', a.load);
    await cache.read('b', b.load);
    a.state.value = 'a2';
    b.state.value = 'b2';
    cache.forget('a');
    expect(await cache.read('a', a.load)).toBe('a2');
    expect(await cache.read('b', b.load)).toBe('b1');
    cache.forget();
    expect(await cache.read('b', b.load)).toBe('b2');
  });

  it('does not keep a read that a forget overtook (a write landed while it was reading)', async () => {
    const cache = new TtlCache<string>(60_000);
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const racing = cache.read('k', async () => {
      await gate;
      return 'old';
    });
    cache.forget('k'); // the write's drop happens while the old value is on its way
    release();
    expect(await racing).toBe('old'); // its caller gets what it read…
    expect(await cache.read('k', async () => 'new')).toBe('new'); // …but nobody after it
  });

  it('keeps nothing with a zero time, and at most `max` keys', async () => {
    const off = new TtlCache<string>(0);
    const s = source('x');
    await off.read('k', s.load);
    await off.read('k', s.load);
    expect(s.state.reads).toBe(2);

    const small = new TtlCache<string>(60_000, 2);
    const first = source('1');
    await small.read('1', first.load);
    await small.read('2', async () => '2');
    await small.read('3', async () => '3');
    await small.read('1', first.load);
    expect(first.state.reads).toBe(2); // the oldest key went out
  });

  it('forgetWhere drops the matching copies only', async () => {
    const cache = new TtlCache<{ user: string }>(60_000);
    const reads: string[] = [];
    const load = (key: string, user: string) => async () => {
      reads.push(key);
      return { user };
    };
    await cache.read('s1', load('s1', 'u1'));
    await cache.read('s2', load('s2', 'u2'));
    cache.forgetWhere((v) => v.user === 'u1');
    await cache.read('s1', load('s1', 'u1'));
    await cache.read('s2', load('s2', 'u2'));
    expect(reads).toEqual(['s1', 's2', 's1']);
  });

  it('neither answers from nor keeps a copy while live() is false (changes elsewhere could not reach it)', async () => {
    let live = true;
    const cache = new TtlCache<string>(60_000, 10, () => live);
    const { state, load } = source('a');
    expect(await cache.read('k', load)).toBe('a');
    live = false;
    state.value = 'b';
    expect(await cache.read('k', load)).toBe('b');
    state.value = 'c';
    expect(await cache.read('k', load)).toBe('c');
    expect(state.reads).toBe(3);
    live = true;
    expect(await cache.read('k', load)).toBe('c');
    expect(await cache.read('k', load)).toBe('c');
    expect(state.reads).toBe(4);
  });
});
