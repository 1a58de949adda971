import type { KeyboardEvent } from 'react';

/** The chips of a row that can be focused (the static ones are not buttons). */
export function chipButtons(row: HTMLElement | null): HTMLButtonElement[] {
  return row ? [...row.querySelectorAll<HTMLButtonElement>('button.understood-chip')] : [];
}

/**
 * One tab stop for the whole chip row, as for the card's toolbar: only the chip last focused is
 * in the tab order, and the arrow keys, Home and End move between chips.
 */
export function keepOneTabStop(row: HTMLElement | null, active: number): void {
  const buttons = chipButtons(row);
  const at = Math.min(active, buttons.length - 1);
  buttons.forEach((b, i) => {
    b.tabIndex = i === at ? 0 : -1;
  });
}

/** Arrow keys on a chip (not in its open menu) move focus along the row; returns the new index. */
export function moveAlongRow(e: KeyboardEvent<HTMLElement>, row: HTMLElement | null): number | null {
  const buttons = chipButtons(row);
  const at = buttons.indexOf(e.target as HTMLButtonElement);
  if (at < 0) return null;
  const next: Record<string, number> = {
    ArrowRight: (at + 1) % buttons.length,
    ArrowLeft: (at - 1 + buttons.length) % buttons.length,
    Home: 0,
    End: buttons.length - 1,
  };
  const to = next[e.key];
  if (to === undefined) return null;
  e.preventDefault();
  buttons[to]?.focus();
  return to;
}
