import { act, cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BoxSize, ORIENTATION_REDRAW_MS, RESIZE_DEBOUNCE_MS, useBoxSize } from './useBoxSize';

/** The element's box as the tests set it; getBoundingClientRect reads it. */
let box = { width: 640, height: 300 };
const observers: { callback: ResizeObserverCallback; targets: Element[] }[] = [];

class FakeResizeObserver {
  targets: Element[] = [];
  constructor(readonly callback: ResizeObserverCallback) {
    observers.push(this);
  }
  observe(el: Element) {
    this.targets.push(el);
  }
  unobserve() {}
  disconnect() {
    this.targets = [];
  }
}

const resized = () => {
  for (const o of observers) if (o.targets.length > 0) o.callback([], o as unknown as ResizeObserver);
};

function Probe({ shown, onSize }: { shown: boolean; onSize: (size: BoxSize | null) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  onSize(useBoxSize(ref));
  return shown ? <div ref={ref} data-testid="box" /> : <p>no chart</p>;
}

beforeEach(() => {
  vi.useFakeTimers();
  box = { width: 640, height: 300 };
  observers.length = 0;
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
    () => ({ ...box, x: 0, y: 0, top: 0, left: 0, right: box.width, bottom: box.height }) as DOMRect,
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useBoxSize', () => {
  it('measures before paint, and again once a resize has settled', () => {
    let size: BoxSize | null = null;
    render(<Probe shown onSize={(s) => (size = s)} />);
    expect(size).toEqual({ width: 640, height: 300 });
    box = { width: 320, height: 200 };
    act(() => resized());
    act(() => vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS - 1));
    expect(size).toEqual({ width: 640, height: 300 });
    act(() => vi.advanceTimersByTime(1));
    expect(size).toEqual({ width: 320, height: 200 });
  });

  it('measures again after the phone is turned', () => {
    let size: BoxSize | null = null;
    render(<Probe shown onSize={(s) => (size = s)} />);
    box = { width: 400, height: 700 };
    act(() => {
      window.dispatchEvent(new Event('orientationchange'));
      vi.advanceTimersByTime(ORIENTATION_REDRAW_MS);
    });
    expect(size).toEqual({ width: 400, height: 700 });
  });

  it('follows a box drawn only after the first render (a card whose chart comes later)', () => {
    let size: BoxSize | null = null;
    const view = render(<Probe shown={false} onSize={(s) => (size = s)} />);
    expect(size).toBeNull();
    view.rerender(<Probe shown onSize={(s) => (size = s)} />);
    expect(size).toEqual({ width: 640, height: 300 });
    box = { width: 500, height: 260 };
    act(() => {
      resized();
      vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS);
    });
    expect(size).toEqual({ width: 500, height: 260 });
  });
});
