import type { TPrompt } from '@parley/contract';

/** Approximate item heights used to cap a prompt list before it scrolls. */
const BUTTON_HEIGHT = 40;
const CARD_HEIGHT = 76;

/**
 * How many prompt items show before the list scrolls (spec 1 §9 / spec 2 §2): 5 buttons, 3 cards,
 * 2 cards when the list is vertical.
 */
export function promptLimit(prompt: Pick<TPrompt, 'type' | 'direction'>): number {
  if ((prompt.type ?? 'buttons') === 'buttons') return 5;
  return prompt.direction === 'vertical' ? 2 : 3;
}

/** CSS size limit of a prompt list: a max height when vertical, a max width in items when horizontal. */
export function promptListStyle(
  prompt: Pick<TPrompt, 'type' | 'direction'>,
): Record<string, string | number> {
  const limit = promptLimit(prompt);
  const cards = prompt.type === 'cards';
  if (prompt.direction === 'horizontal') return { '--prompt-visible': limit };
  const itemHeight = cards ? CARD_HEIGHT : BUTTON_HEIGHT;
  return { maxHeight: limit * itemHeight + (limit - 1) * 8 };
}
