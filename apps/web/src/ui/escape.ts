import type { KeyboardEvent } from 'react';

type EscapeEvent = Pick<
  KeyboardEvent<HTMLElement>,
  'key' | 'defaultPrevented' | 'target' | 'currentTarget'
> & {
  nativeEvent: { isComposing?: boolean };
};

/**
 * Escape for a dialog that holds layers of its own (menus, open lists, dialogs opened from it):
 * it closes only when nothing inside took the key. Mantine's own Escape listens on the window and
 * would close this dialog together with the layer. Use with closeOnEscape={false}:
 * `<Modal closeOnEscape={false} onKeyDown={escapeCloses(close)}>`.
 */
export function escapeCloses(close: () => void): (event: EscapeEvent) => void {
  return (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    const target = event.target as Element | null;
    // A key from a layer portalled out of this dialog reaches it through React's tree only.
    if (!target || !event.currentTarget.contains(target)) return;
    // An open Mantine list or menu closes first, on its own.
    if (target.closest('[data-mantine-stop-propagation="true"]')) return;
    close();
  };
}
