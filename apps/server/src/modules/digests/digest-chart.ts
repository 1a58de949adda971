/**
 * A card's chart as the digest pictures it: whole. The card on screen scrolls past 15 bars; a mail
 * cannot scroll, so the slider goes and the picture grows a row per category (as the web's PDF
 * chart does), up to a height a mail reader still scrolls past; beyond it the picture says what it leaves out.
 */
import type { ChartOption } from '@parley/presenter';

/** Size of a chart in the mail (CSS pixels; the PNG is twice as large for sharp screens). */
export const DIGEST_CHART_SIZE = { width: 640, height: 320 } as const;
/** Height a category row gets when the picture grows with them. */
const ROW = 22;
/** The tallest picture a digest carries (CSS pixels): about a hundred bars. */
const MAX_HEIGHT = 2400;
/** Room above and below the rows: the legend and the value axis' labels. */
const VALUE_AXIS = 40;

export interface DigestChart {
  option: ChartOption;
  size: { width: number; height: number };
  /** Categories drawn and in all, when the picture could not hold them all. */
  cut: { shown: number; total: number } | null;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The option drawn whole: no slider, every category a row, the height grown to hold them. */
export function digestChart(option: ChartOption): DigestChart {
  const { dataZoom, ...rest } = option;
  const axis = rest.yAxis;
  // Only horizontal bars scroll; every other chart fits its box as it is.
  if (!dataZoom || !isObj(axis) || axis.type !== 'category' || !Array.isArray(axis.data))
    return { option, size: DIGEST_CHART_SIZE, cut: null };
  const total = axis.data.length;
  const grid = isObj(rest.grid) ? rest.grid : {};
  const top = Number(grid.top) || 0;
  const shown = Math.min(total, Math.floor((MAX_HEIGHT - top - VALUE_AXIS) / ROW));
  const height = Math.max(DIGEST_CHART_SIZE.height, top + shown * ROW + VALUE_AXIS);
  // The category axis' max (an index) stops it at the last row that fits.
  const yAxis = shown < total ? { ...axis, max: shown - 1 } : axis;
  return {
    // Room on the right for the value axis' last label (the slider's gutter is gone).
    option: { ...rest, yAxis, grid: { ...grid, right: 28 } },
    size: { width: DIGEST_CHART_SIZE.width, height },
    cut: shown < total ? { shown, total } : null,
  };
}
