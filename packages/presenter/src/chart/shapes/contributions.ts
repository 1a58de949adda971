/** The contributions shape (a drivers answer): each value's share of a total change, as bars around zero. */
import { CONTRIBUTION_SUFFIX, PREVIOUS_PREFIX } from '../../card-columns';
import { escapeHtml } from '../../escape';
import { formatShare, formatValue } from '../../format';
import { frame, scrollZoom, valueAxis } from '../axis';
import { categoryLabels, visibleBars } from '../labels';
import { columnOf, num } from '../shape';
import { AXIS_LINE, AXIS_TEXT, CHANGE_COLORS, isCompactChart, PALETTE } from '../style';
import type { ChartNote, ChartOption, Series, ShapeContext, ShapeOf, TooltipParam } from '../types';

/** The contributions past the scroll. */
export function contributionNotes({ input, shape }: ShapeContext<ShapeOf<'contributions'>>): ChartNote[] {
  const group = shape.dimension ? (input.card.table[0]?.[shape.dimension] ?? null) : null;
  const total = shape.dimension
    ? input.card.table.filter((r) => r[shape.dimension!] === group).length
    : input.card.table.length;
  const visible = visibleBars(input.size, isCompactChart(input.size));
  return total > visible ? [{ kind: 'scroll', shown: visible, total }] : [];
}

/**
 * A drivers answer: each value's contribution to the total change as a horizontal bar around zero
 * (green where the value rose, red where it fell), for the most explanatory dimension — the
 * table's first — whose values the answer's text names; the table holds the other dimensions.
 */
export function contributionsOption({ input, shape }: ShapeContext<ShapeOf<'contributions'>>): ChartOption {
  const { card, spec, locale } = input;
  const compact = isCompactChart(input.size);
  const key = spec.y[0];
  const col = columnOf(card, key);
  const measure = key.slice(0, -CONTRIBUTION_SUFFIX.length);
  const mCol = columnOf(card, measure);
  const group = shape.dimension ? (card.table[0]?.[shape.dimension] ?? null) : null;
  const rows = shape.dimension ? card.table.filter((r) => r[shape.dimension!] === group) : card.table;
  const names = rows.map((r) => (r[spec.x] === null || r[spec.x] === undefined ? '–' : String(r[spec.x])));
  const values = rows.map((r) => num(r[key]));
  const moved = rows.map((r) => {
    const cur = num(r[measure]);
    const prev = num(r[`${PREVIOUS_PREFIX}${measure}`]);
    return cur === null || prev === null ? null : cur - prev;
  });
  const name = group !== null ? `${String(group)} · ${col.label}` : col.label;
  const share = (v: number | null) => formatShare(v, locale);
  const series: Series[] = [{ id: key, name, values, color: PALETTE[0] }];
  const visible = visibleBars(input.size, compact);
  const scroll = names.length > visible;
  return {
    ...frame(compact, [name], scroll),
    tooltip: {
      trigger: 'axis',
      confine: true,
      axisPointer: { type: 'shadow' },
      formatter: (params: TooltipParam | TooltipParam[]) => {
        const i = (Array.isArray(params) ? params[0] : params)?.dataIndex ?? -1;
        if (i < 0 || i >= rows.length) return '';
        const cur = num(rows[i][measure]);
        const prev = num(rows[i][`${PREVIOUS_PREFIX}${measure}`]);
        const fmt = (v: number | null) => formatValue(v, mCol.format, { locale });
        const level =
          cur === null || prev === null
            ? ''
            : `<div>${escapeHtml(mCol.label)}: ${escapeHtml(fmt(prev))} → ${escapeHtml(fmt(cur))}</div>`;
        return `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(names[i])}</div><div>${escapeHtml(col.label)}: <b>${escapeHtml(share(values[i]))}</b></div>${level}`;
      },
    },
    xAxis: (() => {
      // Contributions are percentages already (45.2 = 45.2 %): the axis says so.
      const axis = valueAxis(series, false, 'number', locale, compact);
      return { ...axis, axisLabel: { ...axis.axisLabel, formatter: (v: number) => share(v) } };
    })(),
    yAxis: {
      type: 'category',
      data: names,
      inverse: true,
      triggerEvent: true,
      axisLabel: {
        color: AXIS_TEXT,
        ...categoryLabels({ labels: names, horizontal: true, compact, size: input.size }),
        ...(compact ? { fontSize: 10 } : {}),
      },
      axisLine: { onZero: true, lineStyle: { color: AXIS_LINE } },
      axisTick: { show: false },
    },
    ...(scroll ? scrollZoom(visible) : {}),
    series: [
      {
        id: key,
        name,
        type: 'bar',
        barMaxWidth: 22,
        // Bars are coloured by direction; the legend's swatch stays neutral.
        itemStyle: { color: AXIS_TEXT },
        data: values.map((v, i) => {
          const d = moved[i];
          const color = d === null ? CHANGE_COLORS.other : d < 0 ? CHANGE_COLORS.down : CHANGE_COLORS.up;
          return { value: v, itemStyle: { color, borderRadius: (v ?? 0) < 0 ? [4, 0, 0, 4] : [0, 4, 4, 0] } };
        }),
        label: {
          show: !compact,
          position: 'right',
          color: '#3f3f46',
          formatter: (p: { value: unknown }) => share(num(p.value)),
        },
        labelLayout: { hideOverlap: true },
      },
    ],
  };
}
