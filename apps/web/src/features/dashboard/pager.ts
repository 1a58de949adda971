/** A previous/next pager over `count` items, bounded at both ends (spec 1 §2.6). */
export interface Pager {
  /** The item shown, within 0…count-1 (0 without items). */
  index: number;
  count: number;
  canPrev: boolean;
  canNext: boolean;
}

/** The pager at `index`, clamped into the items there are (a card removed meanwhile). */
export function pagerAt(index: number, count: number): Pager {
  const i = count === 0 ? 0 : Math.min(Math.max(0, Math.trunc(index)), count - 1);
  return { index: i, count, canPrev: i > 0, canNext: i < count - 1 };
}
