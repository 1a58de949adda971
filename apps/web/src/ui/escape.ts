import { type RefObject, useEffect, useRef } from 'react';

/** The last dialog in the page: the one opened last, on top. */
function topDialog(): Element | null {
  const dialogs = document.querySelectorAll('[role="dialog"]');
  return dialogs[dialogs.length - 1] ?? null;
}

/**
 * The top dialog when each Escape began. Mantine closes its dialog in a capture listener and
 * React takes it out of the page before the key reaches ours, so "on top" is read this early,
 * by a listener registered before any dialog's.
 */
const topAtKeydown = new WeakMap<Event, Element | null>();
if (typeof window !== 'undefined') {
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Escape') topAtKeydown.set(event, topDialog());
    },
    true,
  );
}

/** The dialog on top when this Escape began (null: none). */
function topFor(event: KeyboardEvent): Element | null {
  return topAtKeydown.has(event) ? (topAtKeydown.get(event) ?? null) : topDialog();
}

/** Whether an Escape is still free: not taken by a layer above, an open list or typed suggestion. */
function escapeIsFree(event: KeyboardEvent): boolean {
  if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return false;
  // An open Mantine list or menu closes first, on its own.
  const target = event.target as Element | null;
  if (target?.closest?.('[data-mantine-stop-propagation="true"]')) return false;
  // A suggestion field with text keeps Escape (the combobox pattern): typed text is not lost.
  return !(target?.matches?.('[aria-haspopup="listbox"]') && (target as HTMLInputElement).value);
}

/** Whether Escape belongs to the dialog under `root`: it was on top and nothing inside took the key. */
export function escapeIsFor(root: Element | null, event: KeyboardEvent): boolean {
  if (!root || !escapeIsFree(event)) return false;
  // A dialog opened from this one (an export from a detail view) is the one Escape closes.
  const top = topFor(event);
  return !!top && root.contains(top);
}

/**
 * Whether Escape belongs to a panel open over part of the page (a card's insights): the key came
 * from inside `scope`, or from the page with the focus lost, and no dialog above covers the scope.
 */
export function escapeIsForPanel(scope: Element | null, event: KeyboardEvent): boolean {
  if (!scope || !escapeIsFree(event)) return false;
  const top = topFor(event);
  if (top && !top.contains(scope)) return false;
  const target = event.target as Node | null;
  return !target || target === document.body || target === document.documentElement || scope.contains(target);
}

/**
 * Escape for a panel that slides over part of a page or dialog (a card's insights): while `open`,
 * Escape from inside `scope` closes the panel alone, before the dialog around it. It listens on the
 * document, before the dialogs' window listeners, and takes the key (preventDefault) so they leave it.
 */
export function useEscapeToDismiss(scope: RefObject<Element | null>, open: boolean, close: () => void): void {
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (!escapeIsForPanel(scope.current, event)) return;
      event.preventDefault();
      latest.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [scope, open]);
}

/**
 * Escape for a dialog that holds layers of its own (menus, open lists, dialogs opened from it):
 * it closes only the topmost layer, where Mantine's own Escape closes every open dialog at once.
 * Use with closeOnEscape={false}: `const ref = useEscapeToClose(close); <Modal ref={ref} …>`.
 * It listens on the window after React's handlers, so a menu that stops the key keeps it.
 */
export function useEscapeToClose<T extends Element>(close: () => void): RefObject<T | null> {
  const ref = useRef<T>(null);
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (escapeIsFor(ref.current, event)) latest.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return ref;
}
