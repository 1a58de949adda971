import type { TLayoutItem } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import {
  breakpointFor,
  layoutForCards,
  mergeLayout,
  placeNewCard,
  sameGeometry,
  stepItem,
  toGridItems,
  toStoredLayout,
  viewOf,
  withView,
} from './layout';

const box = (i: string, x: number, y: number, w = 2, h = 2) => ({ i, x, y, w, h });

describe('placeNewCard', () => {
  it('puts a new card 2×2 in the first free spot, row by row', () => {
    expect(placeNewCard([], 'a')).toEqual(box('a', 0, 0));
    expect(placeNewCard([box('a', 0, 0), box('b', 2, 0)], 'c')).toEqual(box('c', 4, 0));
    // A full first row of five 2-wide cards: the next row.
    const row = ['a', 'b', 'c', 'd', 'e'].map((id, n) => box(id, n * 2, 0));
    expect(placeNewCard(row, 'f')).toEqual(box('f', 0, 2));
  });
  it('fills a hole before going below', () => {
    expect(placeNewCard([box('a', 0, 0), box('b', 4, 0, 5, 3)], 'c')).toEqual(box('c', 2, 0));
  });
});

describe('layoutForCards', () => {
  it('keeps one item per card, drops others and places the missing ones', () => {
    const layout = [box('a', 0, 0), { ...box('a', 4, 4), c: 'pie' as const }, box('gone', 2, 0)];
    expect(layoutForCards(layout, ['a', 'b'])).toEqual([box('a', 0, 0), box('b', 2, 0)]);
  });
  it('brings sizes into the bounds of spec 2 §5', () => {
    expect(layoutForCards([box('a', 9, 0, 1, 9)], ['a'])).toEqual([box('a', 8, 0, 2, 4)]);
    expect(layoutForCards([box('a', 0, 0, 7, 1)], ['a'])).toEqual([box('a', 0, 0, 5, 2)]);
  });
});

describe('toGridItems', () => {
  it('attaches the size bounds to each item', () => {
    expect(toGridItems([box('a', 1, 2, 3, 4)])).toEqual([
      { i: 'a', x: 1, y: 2, w: 3, h: 4, minW: 2, maxW: 5, minH: 2, maxH: 4 },
    ]);
  });
});

describe('sameGeometry', () => {
  it('compares places and sizes by card, whatever the order and the view', () => {
    const withC: TLayoutItem = { ...box('a', 0, 0), c: 'table' };
    expect(sameGeometry([box('a', 0, 0), box('b', 2, 0)], [box('b', 2, 0), withC])).toBe(true);
    expect(sameGeometry([box('a', 0, 0)], [box('a', 0, 2)])).toBe(false);
    expect(sameGeometry([box('a', 0, 0)], [box('a', 0, 0, 3)])).toBe(false);
    expect(sameGeometry([box('a', 0, 0)], [box('a', 0, 0), box('b', 2, 0)])).toBe(false);
  });
});

describe('toStoredLayout and withView', () => {
  it('stores the grid positions with each card’s remembered view', () => {
    const saved = [{ ...box('a', 0, 0), c: 'pie' as const }, box('b', 2, 0)];
    expect(toStoredLayout([box('a', 4, 2, 3, 3), box('b', 0, 0)], saved)).toEqual([
      { ...box('a', 4, 2, 3, 3), c: 'pie' },
      box('b', 0, 0),
    ]);
  });
  it('remembers a view for one card', () => {
    const layout = withView([box('a', 0, 0), box('b', 2, 0)], 'b', 'table');
    expect(viewOf(layout, 'b')).toBe('table');
    expect(viewOf(layout, 'a')).toBeUndefined();
  });
});

describe('mergeLayout', () => {
  it('keeps unsaved moves, drops removed cards and adds new ones where they were stored', () => {
    const current = [box('a', 4, 0), box('b', 0, 0)];
    const saved = [box('a', 0, 0), box('c', 2, 0)];
    expect(mergeLayout(current, saved)).toEqual([box('a', 4, 0), box('c', 2, 0)]);
  });
});

describe('stepItem (keyboard moves and resizes)', () => {
  const two = [box('a', 0, 0), box('b', 2, 0)];
  it('moves a card a column and keeps it inside the grid', () => {
    expect(stepItem(two, 'b', { dx: 1 })).toEqual([box('a', 0, 0), box('b', 3, 0)]);
    expect(stepItem([box('a', 8, 0)], 'a', { dx: 1 })).toEqual([box('a', 8, 0)]);
    expect(stepItem([box('a', 0, 0)], 'a', { dx: -1 })).toEqual([box('a', 0, 0)]);
  });
  it('resizes within w 2–5 and h 2–4', () => {
    expect(stepItem([box('a', 0, 0)], 'a', { dw: 1 })).toEqual([box('a', 0, 0, 3, 2)]);
    expect(stepItem([box('a', 0, 0, 5, 4)], 'a', { dw: 1, dh: 1 })).toEqual([box('a', 0, 0, 5, 4)]);
    expect(stepItem([box('a', 0, 0)], 'a', { dw: -1, dh: -1 })).toEqual([box('a', 0, 0)]);
  });
  it('pushes the card it grows into out of the way', () => {
    const next = stepItem(two, 'a', { dw: 1 });
    expect(next.find((b) => b.i === 'a')).toEqual(box('a', 0, 0, 3, 2));
    const b = next.find((x) => x.i === 'b')!;
    expect(b.x < 3 && b.y < 2).toBe(false);
  });
  it('moves a card down past the one below it, as a drag would', () => {
    const stacked = [box('a', 0, 0), box('b', 0, 2)];
    const next = stepItem(stacked, 'a', { dy: 1 });
    expect(next.find((x) => x.i === 'b')!.y).toBe(0);
    expect(next.find((x) => x.i === 'a')!.y).toBe(2);
  });
  it('closes gaps upwards', () => {
    expect(stepItem([box('a', 0, 0)], 'a', { dy: 1 })).toEqual([box('a', 0, 0)]);
  });
  it('never leaves a hole or an overlap, whatever the keys pressed', () => {
    type Box = ReturnType<typeof box>;
    const overlap = (a: Box, b: Box) =>
      a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
    // A card with free room right above it could move up: a hole the grid left.
    const flaw = (layout: Box[]) =>
      layout.find(
        (a) =>
          layout.some((b) => b !== a && overlap(a, b)) ||
          (a.y > 0 && !layout.some((b) => b !== a && overlap({ ...a, y: a.y - 1 }, b))),
      );
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const steps = [
      { dx: 1 },
      { dx: -1 },
      { dy: 1 },
      { dy: -1 },
      { dw: 1 },
      { dw: -1 },
      { dh: 1 },
      { dh: -1 },
    ];
    for (let run = 0; run < 200; run++) {
      let layout: Box[] = [];
      const count = 3 + random(5);
      for (let k = 0; k < count; k++)
        layout = stepItem(
          [...layout, box(`c${k}`, random(9), 20, 2 + random(4), 2 + random(3))],
          `c${k}`,
          {},
        );
      for (let s = 0; s < 20; s++) {
        layout = stepItem(layout, `c${random(count)}`, steps[random(steps.length)]);
        expect(flaw(layout)).toBeUndefined();
      }
    }
  });
});

describe('breakpointFor', () => {
  it('keeps the 10 stored columns on a laptop’s content area', () => {
    expect(breakpointFor(1300)).toBe('lg');
    expect(breakpointFor(960)).toBe('md');
    expect(breakpointFor(600)).toBe('sm');
    expect(breakpointFor(400)).toBe('xs');
    expect(breakpointFor(300)).toBe('xxs');
  });
});
