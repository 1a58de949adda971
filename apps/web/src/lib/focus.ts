import { useEffect, useState } from 'react';

/**
 * Gives focus back to what had it when a dialog mounted (the button that opened it) once the
 * dialog unmounts, unless focus has already moved somewhere on purpose. Mantine returns focus
 * only for dialogs that stay mounted; ours mount when they open.
 */
export function useReturnFocus(): void {
  const [opener] = useState(() =>
    typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null),
  );
  useEffect(
    () => () => {
      if (!opener || opener === document.body) return;
      // After the dialog has left the DOM and its own focus handling has run.
      setTimeout(() => {
        const now = document.activeElement;
        if (opener.isConnected && (!now || now === document.body || !now.isConnected))
          opener.focus({ preventScroll: true });
      }, 30);
    },
    [opener],
  );
}
