import { type RefObject, useLayoutEffect, useState } from 'react';

/** Spec 2 §9: resizes are debounced by 100 ms; a chart is redrawn 300 ms after an orientation change. */
export const RESIZE_DEBOUNCE_MS = 100;
export const ORIENTATION_REDRAW_MS = 300;

export interface BoxSize {
  width: number;
  height: number;
}

/** Follows one element's box: measured now, again after a resize settles and after the phone is turned. */
function followBox(el: HTMLElement, onSize: (size: BoxSize) => void): () => void {
  const read = () => {
    const rect = el.getBoundingClientRect();
    const width = Math.round(rect.width);
    const height = Math.round(rect.height);
    if (width > 0 && height > 0) onSize({ width, height });
  };
  read();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(read, ms);
  };
  const observer =
    typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => later(RESIZE_DEBOUNCE_MS));
  observer?.observe(el);
  const turned = () => later(ORIENTATION_REDRAW_MS);
  window.addEventListener('orientationchange', turned);
  return () => {
    clearTimeout(timer);
    observer?.disconnect();
    window.removeEventListener('orientationchange', turned);
  };
}

/**
 * The size of an element's box in CSS px, followed as its container changes (split view, a
 * collection's grid resize, the window, the phone turned); null until it has a size. Measured
 * before the first paint, so a chart is drawn once at its real size.
 */
export function useBoxSize(ref: RefObject<HTMLElement | null>): BoxSize | null {
  const [size, setSize] = useState<BoxSize | null>(null);
  const [el, setEl] = useState<HTMLElement | null>(null);
  // The ref object never changes when its element does (a box drawn only once the card has a
  // chart): each render checks which element it holds, and a new one is followed from then on.
  useLayoutEffect(() => {
    if (ref.current !== el) setEl(ref.current);
  });
  useLayoutEffect(() => {
    if (!el) return;
    return followBox(el, (next) =>
      setSize((prev) => (prev?.width === next.width && prev.height === next.height ? prev : next)),
    );
  }, [el]);
  return size;
}
