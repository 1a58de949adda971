/** The periods shape: one number in two periods, as two bars named by their dates. */
import { PREVIOUS_PREFIX } from '../../card-columns';
import { formatValue } from '../../format';
import { axisTooltip, valueAxis } from '../axis';
import { comparisonLabel, periodLabel } from '../buckets';
import { categoryLabels, categorySlot, labelFontSize, textWidth } from '../labels';
import { columnOf, num } from '../shape';
import { AXIS_LINE, AXIS_TEXT, COMPACT_LABEL_WIDTH, isCompactChart, lighten, PALETTE } from '../style';
import type { ChartOption, ChartOptionInput, Series, ShapeContext } from '../types';

/**
 * Whether the bars' value labels are written compactly ("$36.6M"): when a whole one is wider than
 * its bar's share of the plot, two of them side by side would run into each other.
 */
function compactValues(values: string[], input: ChartOptionInput, compact: boolean): boolean {
  const slot =
    categorySlot(input.size, compact, values.length) ?? (compact ? COMPACT_LABEL_WIDTH.vertical : null);
  if (slot === null) return false;
  const font = labelFontSize(compact);
  return values.some((v) => textWidth(v, font, true) + 8 > slot);
}

/** Two periods of one number: bars named by their dates, the current one in the accent colour. */
export function periodsOption({ input }: ShapeContext): ChartOption {
  const { card, spec, locale } = input;
  const measure = spec.y.find((y) => !y.startsWith(PREVIOUS_PREFIX)) ?? spec.x;
  const col = columnOf(card, measure);
  const prevKey = `${PREVIOUS_PREFIX}${measure}`;
  const row = card.table[0] ?? {};
  const prevCol = columnOf(card, prevKey);
  const labels = [
    periodLabel(card, locale, input.soFarLabel) ?? col.label,
    comparisonLabel(card, locale) ??
      (prevCol.label === prevKey ? `${input.previousLabel} ${col.label}` : prevCol.label),
  ];
  const values = [num(row[measure]), num(row[prevKey])];
  const series: Series[] = [{ id: measure, name: col.label, values, color: PALETTE[0] }];
  const colors = [PALETTE[0], lighten(PALETTE[0])];
  const compact = isCompactChart(input.size);
  const format = (v: number | null, short: boolean) =>
    formatValue(v, col.format, { locale, ...(short ? { compact: 'always' as const } : {}) });
  const short = compactValues(
    values.map((v) => format(v, false)),
    input,
    compact,
  );
  return {
    color: PALETTE,
    animationDuration: 300,
    grid: { left: 8, right: compact ? 8 : 16, top: compact ? 24 : 40, bottom: 8, containLabel: true },
    legend: compact
      ? { show: false }
      : { show: true, top: 0, left: 'center', data: [col.label], icon: 'roundRect' },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: axisTooltip(labels, col.format, locale, null),
    },
    xAxis: {
      type: 'category',
      data: labels,
      axisLabel: {
        color: AXIS_TEXT,
        fontSize: labelFontSize(compact),
        ...categoryLabels({ labels, horizontal: false, compact, size: input.size }),
      },
      axisLine: { lineStyle: { color: AXIS_LINE } },
      axisTick: { show: false },
    },
    yAxis: valueAxis(series, false, col.format, locale, compact),
    series: [
      {
        id: measure,
        name: col.label,
        type: 'bar',
        barMaxWidth: 96,
        data: values.map((v, i) => ({
          value: v,
          itemStyle: { color: colors[i], borderRadius: [4, 4, 0, 0] },
        })),
        label: {
          show: true,
          position: 'top',
          color: '#3f3f46',
          fontWeight: 600,
          fontSize: labelFontSize(compact),
          formatter: (p: { value: unknown }) => format(num(p.value), short),
        },
      },
    ],
  };
}
