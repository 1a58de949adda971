import type { TCardView } from '@parley/contract';
import type { ViewType } from '../cards';

/**
 * The view a card shows (spec 2 §4): the chosen or remembered one while the answer still has it,
 * else the first available view; null without views.
 */
export function chooseView(
  views: readonly ViewType[],
  preferred: TCardView | ViewType | null,
): ViewType | null {
  if (preferred && (views as readonly string[]).includes(preferred)) return preferred as ViewType;
  return views[0] ?? null;
}

/** The view `step` places away from `current`, wrapping at both ends (the looped carousel). */
export function stepView(
  views: readonly ViewType[],
  current: ViewType | null,
  step: number,
): ViewType | null {
  if (views.length === 0) return null;
  const i = current ? views.indexOf(current) : -1;
  const from = i < 0 ? 0 : i;
  return views[(((from + step) % views.length) + views.length) % views.length];
}
