/** What the axis charts share: the value axis, the axis tooltip, the frame (grid and legend) and the scroll slider. */
import type { TCardColumn } from '@parley/contract';
import { escapeHtml } from '../escape';
import { formatValue, niceAxis } from '../format';
import { num } from './shape';
import { AXIS_TEXT, HORIZONTAL_AFTER, LONG_LABEL, PALETTE, SPLIT_LINE } from './style';
import type { ChartOption, Series, TooltipParam } from './types';

/** The value axis extent of the drawn series (stacked: per category sums). */
function extentOf(series: Series[], stacked: boolean): { min: number; max: number } {
  let min = 0;
  let max = 0;
  if (stacked) {
    const n = Math.max(0, ...series.map((s) => s.values.length));
    for (let i = 0; i < n; i++) {
      let pos = 0;
      let neg = 0;
      for (const s of series) {
        const v = s.values[i];
        if (typeof v === 'number') {
          if (v >= 0) pos += v;
          else neg += v;
        }
      }
      max = Math.max(max, pos);
      min = Math.min(min, neg);
    }
    return { min, max };
  }
  for (const s of series)
    for (const v of s.values) {
      if (typeof v !== 'number') continue;
      max = Math.max(max, v);
      min = Math.min(min, v);
    }
  return { min, max };
}

/** The value axis: nice bounds, one compact unit and the decimals the step needs (presenter). */
export function valueAxis(
  series: Series[],
  stacked: boolean,
  format: TCardColumn['format'],
  locale: string,
  compact: boolean,
) {
  const { min, max } = extentOf(series, stacked);
  const integer = series.every((s) => s.values.every((v) => v === null || Number.isInteger(v)));
  const axis = niceAxis(min, max, format, locale, { integer });
  return {
    type: 'value',
    min: axis.min,
    max: axis.max,
    interval: axis.interval,
    axisLabel: {
      formatter: axis.label,
      color: AXIS_TEXT,
      ...(compact ? { fontSize: 10, hideOverlap: true } : {}),
    },
    splitLine: { lineStyle: { color: SPLIT_LINE } },
  };
}

/** The axis tooltip: the full category name, then each series' value in the column's format. */
export function axisTooltip(
  labels: string[],
  format: TCardColumn['format'],
  locale: string,
  total: string | null,
): (params: TooltipParam | TooltipParam[]) => string {
  return (params) => {
    const list = Array.isArray(params) ? params : [params];
    if (list.length === 0) return '';
    // A short bucket's value sits on the dashed helper series of the same name: one row per name.
    const byName = new Map<string, { v: number | null; color: string }>();
    for (const p of list) {
      const name = p.seriesName ?? '';
      const v = num(Array.isArray(p.value) ? p.value[1] : p.value);
      if (!byName.has(name) || (byName.get(name)?.v === null && v !== null))
        byName.set(name, { v, color: p.color ?? '#999' });
    }
    const rows: string[] = [];
    let sum = 0;
    for (const [name, { v, color }] of byName) {
      sum += v ?? 0;
      rows.push(
        `<div style="display:flex;gap:12px;justify-content:space-between"><span><span style="display:inline-block;width:8px;height:8px;border-radius:2px;margin-right:6px;background:${escapeHtml(color)}"></span>${escapeHtml(name)}</span><b>${escapeHtml(formatValue(v, format, { locale }))}</b></div>`,
      );
    }
    const head = `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(labels[list[0].dataIndex] ?? list[0].name ?? '')}</div>`;
    const foot =
      total && rows.length > 1
        ? `<div style="display:flex;gap:12px;justify-content:space-between;border-top:1px solid #e4e4e7;margin-top:4px;padding-top:4px"><span>${escapeHtml(total)}</span><b>${escapeHtml(formatValue(sum, format, { locale }))}</b></div>`
        : '';
    return head + rows.join('') + foot;
  };
}

/**
 * The shared frame of the axis charts: colours, grid, and a legend on every chart with room for
 * it (it names what is measured, and each pivoted value, in the card and its PNG); a compact
 * chart leaves the legend to the tooltip and to the card opened in full — unless `keepLegend`
 * (a stack, pivoted values), which is unreadable without one: a small one then.
 */
export function frame(compact: boolean, legend: string[], scroll = false, keepLegend = false): ChartOption {
  const shown = !compact || keepLegend;
  return {
    color: PALETTE,
    animationDuration: 300,
    grid: {
      left: compact ? 4 : 8,
      right: scroll ? 28 : compact ? 8 : 16,
      top: shown ? (compact ? 26 : 36) : 12,
      bottom: 8,
      containLabel: true,
    },
    legend: shown
      ? {
          type: 'scroll',
          top: 0,
          left: 'center',
          icon: 'roundRect',
          itemWidth: compact ? 8 : 12,
          itemHeight: 8,
          ...(compact ? { itemGap: 6, pageIconSize: 10 } : {}),
          textStyle: { color: '#3f3f46', ...(compact ? { fontSize: 10 } : {}) },
          data: legend,
        }
      : { show: false },
  };
}

/** The slider beside a category axis of more bars than fit: the first `visible` shown. */
export function scrollZoom(visible: number): ChartOption {
  return {
    dataZoom: [
      {
        type: 'slider',
        yAxisIndex: 0,
        startValue: 0,
        endValue: visible - 1,
        width: 12,
        right: 6,
        zoomLock: true,
        showDetail: false,
        showDataShadow: false,
        brushSelect: false,
        backgroundColor: '#f4f4f5',
        fillerColor: 'rgba(79, 70, 229, 0.35)',
        borderColor: 'transparent',
        borderRadius: 6,
        handleSize: 0,
        moveHandleSize: 0,
      },
    ],
  };
}

/** Whether category labels need horizontal bars: many of them, or long ones. */
export function wantsHorizontal(labels: readonly string[]): boolean {
  const longest = Math.max(0, ...labels.map((l) => l.length));
  return labels.length > HORIZONTAL_AFTER || longest > LONG_LABEL || (labels.length > 5 && longest > 10);
}
