import { act, cleanup, render } from '@testing-library/react';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useEscapeToClose, useEscapeToDismiss } from './escape';

function Dialog({ onClose, children }: { onClose: () => void; children?: React.ReactNode }) {
  const ref = useEscapeToClose<HTMLDivElement>(onClose);
  return (
    <div ref={ref}>
      <div role="dialog">
        <input data-testid="field" />
        <input data-testid="list" data-mantine-stop-propagation="true" />
        <input data-testid="suggest" aria-haspopup="listbox" defaultValue="revenue" />
        <input data-testid="suggest-empty" aria-haspopup="listbox" />
        {/* A menu that handles Escape itself, as the card's chip menus do. */}
        <div
          role="menu"
          data-testid="menu"
          tabIndex={-1}
          onKeyDown={(e) => e.key === 'Escape' && e.stopPropagation()}
        />
        {children}
      </div>
    </div>
  );
}

const press = (el: Element, key = 'Escape') =>
  el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));

afterEach(cleanup);

describe('useEscapeToClose', () => {
  it('closes on Escape from inside the dialog, or with the focus lost to the page', () => {
    const close = vi.fn();
    const view = render(<Dialog onClose={close} />);
    press(view.getByTestId('field'));
    press(document.body);
    press(view.getByTestId('suggest-empty'));
    expect(close).toHaveBeenCalledTimes(3);
  });

  it('leaves the dialog open for other keys, open lists, menus that took the key and typed suggestions', () => {
    const close = vi.fn();
    const view = render(<Dialog onClose={close} />);
    press(view.getByTestId('field'), 'Enter');
    press(view.getByTestId('list'));
    press(view.getByTestId('suggest'));
    press(view.getByTestId('menu'));
    expect(close).not.toHaveBeenCalled();
  });

  it('leaves a dialog open when the one above it closed on the same key', () => {
    const outer = vi.fn();
    // The dialog above leaves the page as soon as the key reaches it, as Mantine's does.
    function Above() {
      const [open, setOpen] = useState(true);
      useEffect(() => {
        const shut = (e: KeyboardEvent) => e.key === 'Escape' && flushSync(() => setOpen(false));
        window.addEventListener('keydown', shut, true);
        return () => window.removeEventListener('keydown', shut, true);
      }, []);
      return open ? <div role="dialog" data-testid="above" /> : null;
    }
    const view = render(
      <>
        <Dialog onClose={outer} />
        <Above />
      </>,
    );
    press(document.body);
    expect(view.queryByTestId('above')).toBeNull();
    expect(outer).not.toHaveBeenCalled();
    press(document.body);
    expect(outer).toHaveBeenCalledTimes(1);
  });

  it('closes only the topmost of two dialogs', () => {
    const outer = vi.fn();
    const inner = vi.fn();
    const view = render(
      <>
        <Dialog onClose={outer} />
        <Dialog onClose={inner} />
      </>,
    );
    press(view.getAllByTestId('field')[1]!);
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });
});

/** Presses a key and lets React apply what it changed. */
const pressNow = (el: Element, key = 'Escape') => act(() => void press(el, key));

/** A card with a panel over it (the insights), open until Escape closes it. */
function Card({ onDismiss }: { onDismiss: () => void }) {
  const ref = useRef<HTMLElement>(null);
  const [open, setOpen] = useState(true);
  useEscapeToDismiss(ref, open, () => {
    setOpen(false);
    onDismiss();
  });
  return (
    <article ref={ref}>
      <button type="button" data-testid="toggle" />
      {open ? <aside data-testid="panel" /> : null}
    </article>
  );
}

describe('useEscapeToDismiss', () => {
  it('closes the panel before the dialog around it, then the dialog', () => {
    const dialog = vi.fn();
    const panel = vi.fn();
    const view = render(
      <Dialog onClose={dialog}>
        <Card onDismiss={panel} />
      </Dialog>,
    );
    pressNow(view.getByTestId('toggle'));
    expect(panel).toHaveBeenCalledTimes(1);
    expect(dialog).not.toHaveBeenCalled();
    expect(view.queryByTestId('panel')).toBeNull();
    pressNow(view.getByTestId('toggle'));
    expect(dialog).toHaveBeenCalledTimes(1);
    expect(panel).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape from inside the card or the page, not from elsewhere or under a dialog', () => {
    const panel = vi.fn();
    const dialog = vi.fn();
    const view = render(
      <>
        <Card onDismiss={panel} />
        <input data-testid="elsewhere" />
      </>,
    );
    pressNow(view.getByTestId('elsewhere'));
    pressNow(view.getByTestId('toggle'), 'Enter');
    expect(panel).not.toHaveBeenCalled();
    // A dialog opened above the card takes the key.
    view.rerender(
      <>
        <Card onDismiss={panel} />
        <Dialog onClose={dialog} />
      </>,
    );
    pressNow(document.body);
    expect(dialog).toHaveBeenCalledTimes(1);
    expect(panel).not.toHaveBeenCalled();
    view.rerender(<Card onDismiss={panel} />);
    pressNow(document.body);
    expect(panel).toHaveBeenCalledTimes(1);
  });
});
