import { describe, expect, it } from 'vitest';
import { pagerAt } from './pager';

describe('pagerAt', () => {
  it('is bounded at both ends', () => {
    expect(pagerAt(0, 3)).toEqual({ index: 0, count: 3, canPrev: false, canNext: true });
    expect(pagerAt(1, 3)).toEqual({ index: 1, count: 3, canPrev: true, canNext: true });
    expect(pagerAt(2, 3)).toEqual({ index: 2, count: 3, canPrev: true, canNext: false });
  });
  it('clamps an index outside the items (a card removed meanwhile)', () => {
    expect(pagerAt(5, 3).index).toBe(2);
    expect(pagerAt(-1, 3).index).toBe(0);
  });
  it('pages nowhere with one item or none', () => {
    expect(pagerAt(0, 1)).toEqual({ index: 0, count: 1, canPrev: false, canNext: false });
    expect(pagerAt(3, 0)).toEqual({ index: 0, count: 0, canPrev: false, canNext: false });
  });
});
