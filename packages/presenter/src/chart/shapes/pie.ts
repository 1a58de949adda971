/** The pie and donut shape: labelled slices, the smallest merged into one "other" slice. */
import { escapeHtml } from '../../escape';
import { formatShare, formatValue } from '../../format';
import { textWidth, wrapLabel } from '../labels';
import { columnOf, grainOf, num } from '../shape';
import {
  type ChartSize,
  COMPACT_PIE_SLICES,
  isCompactChart,
  MAX_PIE_SLICES,
  OTHER_COLOR,
  PALETTE,
} from '../style';
import type { ChartNote, ChartOption, ShapeContext } from '../types';

/** Font (px) of the names around a full-size pie. */
const PIE_LABEL_FONT = 11;
/** A chart at least this wide (the detail view) moves its pie left to give names more room. */
const WIDE_PIE = 700;

/** Where a full-size pie sits and its legend starts, as fractions of the chart's width. */
const pieLayout = (size: ChartSize | undefined) =>
  (size?.width ?? 0) >= WIDE_PIE ? { centre: 0.3, legend: 0.66 } : { centre: 0.36, legend: 0.64 };

/**
 * Characters a slice's name gets on a line around a full-size pie: the room between the pie's
 * edge (radius 64 % of half the shorter side) and the legend; 18 without a known size.
 */
export function pieLabelChars(size: ChartSize | undefined): number {
  if (size?.width === undefined || size.height === undefined) return 18;
  const { centre, legend } = pieLayout(size);
  const radius = 0.32 * Math.min(size.width, size.height);
  const room = (legend - centre) * size.width - radius - 20;
  return Math.max(18, Math.floor(room / textWidth('x', PIE_LABEL_FONT)));
}

/** Room (px) a legend entry has beside a full-size pie: from the legend's start to the right edge. */
const pieLegendWidth = (size: ChartSize | undefined) =>
  size?.width === undefined ? 150 : Math.max(150, Math.round((1 - pieLayout(size).legend) * size.width) - 40);

/** Slices beyond the cap merged into "Other": the largest `shown` are drawn apart. */
export function pieNotes({ input, rows }: ShapeContext): ChartNote[] {
  const slices = isCompactChart(input.size) ? COMPACT_PIE_SLICES : MAX_PIE_SLICES;
  return rows.length > slices ? [{ kind: 'other', shown: slices - 1, total: rows.length }] : [];
}

/** Slices of a pie or a donut, whatever the answer's shape (the view asks for it). */
export function pieOption({ input, rows, xCol }: ShapeContext): ChartOption {
  const { card, spec, view, locale } = input;
  const y = spec.y[0];
  const yCol = columnOf(card, y);
  const grain = grainOf(card);
  let data: { name: string; value: number; itemStyle?: { color: string } }[] = rows.map((row) => ({
    name: formatValue(row[spec.x], xCol.kind === 'time' ? 'date' : 'number', { locale, grain }),
    value: num(row[y]) ?? 0,
  }));
  const compact = isCompactChart(input.size);
  const slices = compact ? COMPACT_PIE_SLICES : MAX_PIE_SLICES;
  if (data.length > slices) {
    const sorted = [...data].sort((a, b) => b.value - a.value);
    const rest = sorted.slice(slices - 1).reduce((s, d) => s + d.value, 0);
    data = [
      ...sorted.slice(0, slices - 1),
      { name: input.otherLabel, value: rest, itemStyle: { color: OTHER_COLOR } },
    ];
  }
  // A small card has no room for a legend beside the pie: short labels around it name the slices;
  // a wide one gives each name the room between the pie and the legend, on up to two lines.
  const name = compact
    ? (s: string) => (s.length > 10 ? `${s.slice(0, 9)}…` : s)
    : (s: string) => wrapLabel(s, pieLabelChars(input.size));
  // Room around a compact pie for its labels, which name the slices there.
  const outer = compact ? '50%' : '64%';
  const layout = pieLayout(input.size);
  const percent = (f: number) => `${Math.round(f * 100)}%`;
  return {
    color: PALETTE,
    animationDuration: 300,
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: number; percent: number; color: string }) =>
        `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(p.name)}</div><b>${escapeHtml(formatValue(p.value, yCol.format, { locale }))}</b> · ${escapeHtml(formatShare(p.percent, locale))}`,
    },
    // The legend sits right beside the pie, not at the far edge of a wide card.
    legend: compact
      ? { show: false }
      : {
          type: 'scroll',
          orient: 'vertical',
          left: percent(layout.legend),
          top: 'middle',
          icon: 'circle',
          itemGap: 8,
          textStyle: { color: '#3f3f46', width: pieLegendWidth(input.size), overflow: 'truncate' },
          tooltip: { show: true },
        },
    series: [
      {
        type: 'pie',
        name: yCol.label,
        radius: view === 'donut' ? [compact ? '30%' : '38%', outer] : ['0%', outer],
        center: compact ? ['50%', '50%'] : [percent(layout.centre), '52%'],
        avoidLabelOverlap: true,
        minShowLabelAngle: compact ? 12 : 4,
        label: {
          show: true,
          color: '#3f3f46',
          fontSize: compact ? 10 : PIE_LABEL_FONT,
          lineHeight: compact ? 12 : 14,
          formatter: (p: { name: string; percent: number }) =>
            `${name(p.name)}\n${formatShare(p.percent, locale)}`,
        },
        labelLine: compact ? { length: 4, length2: 4 } : { length: 8, length2: 8 },
        labelLayout: { hideOverlap: true },
        itemStyle: { borderColor: '#fff', borderWidth: 1 },
        data,
      },
    ],
  };
}
