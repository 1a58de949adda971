import type { TCardView, TLayoutItem } from '@parley/contract';
import { moveElement, verticalCompactor } from 'react-grid-layout/core';
import { COLLECTION_GRID } from '../../lib/contract';

/** Gaps between cards: compact 8 px, cozy 20 px (spec 2 §9). */
export type Density = 'compact' | 'cozy';

/**
 * The grid's breakpoints by the width of the grid itself (the column counts are the contract's).
 * The screen's own breakpoints less the side navigation, so a laptop's content area (about
 * 960 px at 1280) has the 10 stored columns to edit.
 */
export const GRID_BREAKPOINTS = { lg: 1200, md: 720, sm: 540, xs: 360, xxs: 0 } as const;
export type Breakpoint = keyof typeof GRID_BREAKPOINTS;

/** The breakpoint a grid of this width is at. */
export function breakpointFor(width: number): Breakpoint {
  const order: Breakpoint[] = ['lg', 'md', 'sm', 'xs', 'xxs'];
  return order.find((bp) => width >= GRID_BREAKPOINTS[bp]) ?? 'xxs';
}

/** The stored layout is the 10-column one; narrower breakpoints derive theirs and are not edited. */
export const STORED_COLS = COLLECTION_GRID.cols.lg;

/** One item as the grid takes it: position, size and the size bounds of spec 2 §5. */
export interface GridItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
  minW: number;
  maxW: number;
  minH: number;
  maxH: number;
}

type Box = Pick<TLayoutItem, 'i' | 'x' | 'y' | 'w' | 'h'>;

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** Width within 2–5 and the grid, height within 2–4 (spec 2 §5). */
function bounded<T extends Box>(item: T, cols = STORED_COLS): T {
  const w = clamp(item.w, COLLECTION_GRID.minW, Math.min(COLLECTION_GRID.maxW, cols));
  const h = clamp(item.h, COLLECTION_GRID.minH, COLLECTION_GRID.maxH);
  return { ...item, w, h, x: clamp(item.x, 0, Math.max(0, cols - w)), y: Math.max(0, item.y) };
}

/**
 * Where a new card goes: the first free 2×2 spot, row by row (the server's rule for cards
 * without an item, so a card shows where it will be stored).
 */
export function placeNewCard(layout: readonly Box[], id: string, cols = STORED_COLS): TLayoutItem {
  const { w, h } = COLLECTION_GRID.newCard;
  const overlaps = (x: number, y: number) =>
    layout.some((p) => x < p.x + p.w && p.x < x + w && y < p.y + p.h && p.y < y + h);
  for (let y = 0; ; y++) {
    for (let x = 0; x + w <= cols; x++) if (!overlaps(x, y)) return { i: id, x, y, w, h };
  }
}

/**
 * The stored layout for the cards there are: items of other ids dropped, one item per card
 * (missing ones placed 2×2 in the first free spot), sizes within bounds.
 */
export function layoutForCards(layout: readonly TLayoutItem[], cardIds: readonly string[]): TLayoutItem[] {
  const ids = new Set(cardIds);
  const placed: TLayoutItem[] = [];
  for (const item of layout) {
    if (ids.has(item.i) && !placed.some((p) => p.i === item.i)) placed.push(bounded(item));
  }
  for (const id of cardIds) {
    if (!placed.some((p) => p.i === id)) placed.push(placeNewCard(placed, id));
  }
  return placed;
}

/** The stored layout as the grid draws it, with the size bounds on each item. */
export function toGridItems(layout: readonly TLayoutItem[]): GridItem[] {
  return layout.map(({ i, x, y, w, h }) => ({
    i,
    x,
    y,
    w,
    h,
    minW: COLLECTION_GRID.minW,
    maxW: COLLECTION_GRID.maxW,
    minH: COLLECTION_GRID.minH,
    maxH: COLLECTION_GRID.maxH,
  }));
}

/** Whether two layouts put the same cards in the same places (order and `c` aside). */
export function sameGeometry(a: readonly Box[], b: readonly Box[]): boolean {
  if (a.length !== b.length) return false;
  const byId = new Map(b.map((item) => [item.i, item]));
  return a.every((item) => {
    const other = byId.get(item.i);
    return !!other && other.x === item.x && other.y === item.y && other.w === item.w && other.h === item.h;
  });
}

/**
 * The positions on screen after the stored ones changed while unsaved moves were pending: the
 * moved cards keep their places, removed cards go, added ones take their stored places.
 */
export function mergeLayout(current: readonly Box[], saved: readonly Box[]): Box[] {
  const ids = new Set(saved.map((item) => item.i));
  const kept = current.filter((item) => ids.has(item.i));
  const added = saved.filter((item) => !kept.some((k) => k.i === item.i));
  return [...kept, ...added].map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));
}

/** The grid's positions as a layout to store, keeping each card's chosen view (`c`). */
export function toStoredLayout(grid: readonly Box[], saved: readonly TLayoutItem[]): TLayoutItem[] {
  const views = new Map(saved.map((item) => [item.i, item.c]));
  return grid.map(({ i, x, y, w, h }) => {
    const c = views.get(i);
    return bounded({ i, x, y, w, h, ...(c ? { c } : {}) });
  });
}

/** The layout with `view` remembered for one card. */
export function withView(layout: readonly TLayoutItem[], id: string, view: TCardView): TLayoutItem[] {
  return layout.map((item) => (item.i === id ? { ...item, c: view } : item));
}

/** The remembered view of a card, if any. */
export function viewOf(layout: readonly TLayoutItem[], id: string): TCardView | undefined {
  return layout.find((item) => item.i === id)?.c;
}

/** A keyboard step: move by (dx, dy) cells, or grow/shrink by (dw, dh). */
export interface GridStep {
  dx?: number;
  dy?: number;
  dw?: number;
  dh?: number;
}

/**
 * One keyboard step on a card (arrows move, Shift+arrows resize): the others make room and the
 * grid closes gaps upwards, as after a drag. A vertical move that the closing of gaps would undo
 * goes on until the card changes place (past the card below it), as a drag would.
 */
export function stepItem(layout: readonly Box[], id: string, step: GridStep, cols = STORED_COLS): Box[] {
  const boxes = layout.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));
  const item = boxes.find((b) => b.i === id);
  if (!item) return boxes;
  const apply = (dy: number): Box[] => {
    const target = bounded(
      {
        ...item,
        w: item.w + (step.dw ?? 0),
        h: item.h + (step.dh ?? 0),
        x: item.x + (step.dx ?? 0),
        y: item.y + dy,
      },
      cols,
    );
    // Fresh copies each time: moveElement moves the other items in place.
    const sized = boxes.map((b) => (b.i === id ? { ...b, w: target.w, h: target.h } : { ...b }));
    const moving = sized.find((b) => b.i === id)!;
    const moved = moveElement(sized, moving, target.x, target.y, true, false, 'vertical', cols);
    return verticalCompactor.compact(moved, cols).map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));
  };
  const dy = step.dy ?? 0;
  const bottom = boxes.reduce((max, b) => Math.max(max, b.y + b.h), 0);
  let next = apply(dy);
  for (let k = 2; dy > 0 && sameGeometry(next, boxes) && dy * k <= bottom; k++) next = apply(dy * k);
  return next;
}
