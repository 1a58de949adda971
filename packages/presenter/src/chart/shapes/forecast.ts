/** The forecast shape: history, a dashed forecast and its low–high band. */
import { escapeHtml } from '../../escape';
import { formatValue } from '../../format';
import { frame, valueAxis } from '../axis';
import { categoriesOf, withEveryBucket } from '../buckets';
import { columnOf, grainOf, num } from '../shape';
import { AXIS_LINE, AXIS_TEXT, isCompactChart, lighten, PALETTE, SAMPLING_THRESHOLD } from '../style';
import type { ChartOption, Series, ShapeContext, ShapeOf, TooltipParam } from '../types';

/** "Forecast Revenue (low – high)": the band's name from its bounds' labels, in the card's language. */
function bandName(low: string, high: string): string {
  let i = 0;
  while (i < low.length && i < high.length && low[i] === high[i]) i++;
  // Back to the start of the differing word, so "(low" and "(high" keep their bracket.
  while (i > 0 && /[\p{L}\p{N}]/u.test(low[i - 1])) i--;
  const rest = (s: string) => s.slice(i).replace(/[)\]]$/, '');
  const close = /[)\]]$/.test(low) ? low.slice(-1) : '';
  return i > 0 ? `${low.slice(0, i)}${rest(low)} – ${rest(high)}${close}` : `${low} – ${high}`;
}

/**
 * A forecast: the history as a solid line, the forecast as a dashed line carrying on from the last
 * history bucket, and the low–high bounds as a shaded band (a transparent base plus the band's
 * height, stacked), so the future never reads as measured data.
 */
export function forecastOption({
  input,
  rows: sorted,
  xCol,
  shape,
}: ShapeContext<ShapeOf<'forecast'>>): ChartOption {
  const { card, locale } = input;
  const rows = withEveryBucket(sorted, input.spec.x, grainOf(card));
  const compact = isCompactChart(input.size);
  const cats = categoriesOf(
    input,
    rows.map((r) => r[input.spec.x]),
    xCol,
  );
  const col = columnOf(card, shape.measure);
  const fCol = columnOf(card, shape.forecast);
  const history = rows.map((r) => num(r[shape.measure]));
  const forecast = rows.map((r) => num(r[shape.forecast]));
  const low = rows.map((r) => num(r[shape.low]));
  const high = rows.map((r) => num(r[shape.high]));
  // The dashed line starts on the last measured bucket, so history and forecast join up.
  const lastHistory = history.reduce<number>((at, v, i) => (v !== null ? i : at), -1);
  const dashed = forecast.map((v, i) => (i === lastHistory && v === null ? history[i] : v));
  const band = bandName(columnOf(card, shape.low).label, columnOf(card, shape.high).label);
  const color = PALETTE[0];
  const extent: Series[] = [
    { id: 'h', name: '', values: history, color },
    { id: 'f', name: '', values: forecast, color },
    { id: 'l', name: '', values: low, color },
    { id: 'u', name: '', values: high, color },
  ];
  const fmt = (v: number | null) => formatValue(v, col.format, { locale });
  const line = { type: 'line', smooth: false, showSymbol: cats.raw.length <= 40, symbolSize: 5 };
  return {
    ...frame(compact, [col.label, fCol.label, band]),
    tooltip: {
      trigger: 'axis',
      confine: true,
      axisPointer: { type: 'line' },
      // Read from the rows, not the drawn series: the band is drawn as a base plus a height.
      formatter: (params: TooltipParam | TooltipParam[]) => {
        const i = (Array.isArray(params) ? params[0] : params)?.dataIndex ?? -1;
        if (i < 0 || i >= rows.length) return '';
        const item = (name: string, value: string, c: string) =>
          `<div style="display:flex;gap:12px;justify-content:space-between"><span><span style="display:inline-block;width:8px;height:8px;border-radius:2px;margin-right:6px;background:${escapeHtml(c)}"></span>${escapeHtml(name)}</span><b>${escapeHtml(value)}</b></div>`;
        const lines = [
          `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(cats.labels[i] ?? '')}</div>`,
        ];
        if (history[i] !== null) lines.push(item(col.label, fmt(history[i]), color));
        if (forecast[i] !== null) {
          lines.push(item(fCol.label, fmt(forecast[i]), color));
          lines.push(item(band, `${fmt(low[i])} – ${fmt(high[i])}`, lighten(color, 0.6)));
        }
        return lines.join('');
      },
    },
    xAxis: {
      type: 'category',
      data: cats.labels,
      boundaryGap: false,
      axisLabel: { color: AXIS_TEXT, hideOverlap: true, ...(compact ? { fontSize: 10 } : {}) },
      axisLine: { lineStyle: { color: AXIS_LINE } },
      axisTick: { show: false },
    },
    yAxis: valueAxis(extent, false, col.format, locale, compact),
    series: [
      {
        id: `${shape.low}:base`,
        name: band,
        type: 'line',
        data: low,
        stack: 'forecast-band',
        symbol: 'none',
        // The legend takes the first series of a name: it shows the band's shade.
        itemStyle: { color: lighten(color, 0.6) },
        lineStyle: { opacity: 0 },
        silent: true,
        tooltip: { show: false },
      },
      {
        id: 'forecast-band',
        name: band,
        type: 'line',
        data: low.map((l, i) => (l === null || high[i] === null ? null : (high[i] as number) - l)),
        stack: 'forecast-band',
        symbol: 'none',
        lineStyle: { opacity: 0 },
        itemStyle: { color: lighten(color, 0.6) },
        areaStyle: { color: lighten(color, 0.6), opacity: 0.45 },
        silent: true,
        tooltip: { show: false },
      },
      {
        ...line,
        id: shape.measure,
        name: col.label,
        data: history,
        itemStyle: { color },
        lineStyle: { width: 2, color },
        ...(cats.raw.length > SAMPLING_THRESHOLD ? { sampling: 'lttb' } : {}),
      },
      {
        ...line,
        id: shape.forecast,
        name: fCol.label,
        data: dashed,
        // Across the buckets between the history and the forecast (the running month, a skipped one).
        connectNulls: true,
        itemStyle: { color },
        symbol: 'emptyCircle',
        lineStyle: { width: 2, type: 'dashed', color },
      },
    ],
  };
}
