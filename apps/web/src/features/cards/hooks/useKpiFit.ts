import { type RefObject, useLayoutEffect, useState } from 'react';
import { fitKpi, KPI_FONT, type KpiFit } from '../kpi';

/** Font size of the hidden copies the values are measured with (CSS `.kpi-measure > span`). */
export const KPI_MEASURE_PX = 100;
/** Share of the view's height one value may take, so label, period and change keep their room. */
const HEIGHT_SHARE = 0.3;

/** Widest width per px of font over the view's hidden copies of one kind. */
function widthPerPx(view: HTMLElement, kind: 'full' | 'compact'): number {
  const copies = view.querySelectorAll<HTMLElement>(`[data-kpi-measure="${kind}"]`);
  // offsetWidth is the layout width: a dialog's opening scale animation does not change it.
  return Math.max(0, ...Array.from(copies, (el) => el.offsetWidth / KPI_MEASURE_PX));
}

/**
 * The font size (and whether compact notation is needed) that fits the KPI view's values into
 * its width, measured again when the view is resized or the web fonts arrive; null until
 * measured (the stylesheet's size shows meanwhile).
 */
export function useKpiFit(ref: RefObject<HTMLElement | null>, texts: string, count: number): KpiFit | null {
  const [fit, setFit] = useState<KpiFit | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: texts changes what is measured
  useLayoutEffect(() => {
    const view = ref.current;
    if (!view) return;
    let live = true;
    const measure = () => {
      if (!live) return;
      const style = getComputedStyle(view);
      const available =
        view.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      if (!(available > 0)) return;
      const byHeight = Math.floor(view.clientHeight * HEIGHT_SHARE);
      const cap = count > 2 ? KPI_FONT.maxMany : KPI_FONT.max;
      const max = Math.max(KPI_FONT.min, byHeight > 0 ? Math.min(cap, byHeight) : cap);
      const next = fitKpi(
        { full: widthPerPx(view, 'full'), compact: widthPerPx(view, 'compact') },
        available,
        max,
      );
      setFit((prev) => (prev && prev.size === next.size && prev.compact === next.compact ? prev : next));
    };
    measure();
    void document.fonts?.ready.then(measure);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(view);
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [ref, texts, count]);
  return fit;
}
