import type { TCard, TCardView } from '@parley/contract';
import { useMemo, useState } from 'react';
import { buildViews, chooseView, type ViewType } from '../views';
import { useViewportWidth } from './useViewport';

export interface CardViews {
  /** The viewport's width: narrow screens show the text as a view of its own. */
  viewport: number;
  views: ViewType[];
  /** The view on screen: the chosen one, else the stored one, else the first; null without views. */
  current: ViewType | null;
  /** `current`'s place in `views` (0 without views): where the carousel stands. */
  index: number;
  setChosen: (view: ViewType) => void;
}

/**
 * A card's views and the one on screen, for the analysis card and the compact card alike.
 * `initial` starts the choice (the detail view opens on the card's view); `stored` is the
 * collection's remembered view, used while nothing is chosen.
 */
export function useCardViews(
  card: TCard | null,
  { initial, stored }: { initial?: ViewType; stored?: TCardView | null } = {},
): CardViews {
  const viewport = useViewportWidth();
  const views = useMemo(() => (card ? buildViews(card, viewport) : []), [card, viewport]);
  const [chosen, setChosen] = useState<ViewType | null>(initial ?? null);
  const current = chooseView(views, chosen ?? stored ?? null);
  const index = current ? views.indexOf(current) : 0;
  return { viewport, views, current, index, setChosen };
}
