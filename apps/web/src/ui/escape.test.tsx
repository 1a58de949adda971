import { cleanup, render } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useEscapeToClose } from './escape';

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
