import { type FocusEvent, type KeyboardEvent, useCallback, useState } from 'react';

const buttonsOf = (root: HTMLElement) => Array.from(root.querySelectorAll<HTMLButtonElement>('button'));

/**
 * One tab stop for a toolbar (the WAI-ARIA toolbar pattern): Tab enters on the last
 * button used (at first `initial`), ←/→ move between the buttons and wrap, Home and End jump.
 * Buttons take `tabIndex={tabIndexOf(i)}` with `i` their position in the toolbar.
 */
export function useRovingToolbar(initial = 0) {
  const [active, setActive] = useState<number | null>(null);
  const onKeyDown = useCallback((e: KeyboardEvent<HTMLElement>) => {
    const buttons = buttonsOf(e.currentTarget).filter((b) => !b.disabled);
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (i < 0 || buttons.length === 0) return;
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % buttons.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + buttons.length) % buttons.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? buttons.length - 1
              : null;
    if (next === null) return;
    e.preventDefault();
    buttons[next].focus();
  }, []);
  const onFocus = useCallback((e: FocusEvent<HTMLElement>) => {
    const i = buttonsOf(e.currentTarget).indexOf(e.target as HTMLButtonElement);
    if (i >= 0) setActive(i);
  }, []);
  const current = active ?? initial;
  const tabIndexOf = (i: number) => (i === current ? 0 : -1);
  return { onKeyDown, onFocus, tabIndexOf };
}
