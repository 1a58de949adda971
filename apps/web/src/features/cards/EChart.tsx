import type { ChartOption } from '@parley/presenter';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import {
  DataZoomSliderComponent,
  GridComponent,
  LegendScrollComponent,
  MarkAreaComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Tree-shaken ECharts: only what the card's charts use. This module is its own lazy chunk.
echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendScrollComponent,
  DataZoomSliderComponent,
  MarkAreaComponent,
  CanvasRenderer,
]);

export interface EChartProps {
  option: ChartOption;
  label: string;
  /** The box the chart fills (CSS px): when it changes the canvas follows it. */
  width: number;
  height: number;
  onInstance?: (instance: echarts.ECharts | null) => void;
}

interface LabelEvent {
  targetType?: string;
  dataIndex?: number;
}

/**
 * One ECharts canvas that always fills its box: created without a fixed size, so resize() reads
 * the box again whenever it changes. Hovering a category name shows the tooltip naming it in full.
 */
export default function EChart({ option, label, width, height, onInstance }: EChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chartRef = useRef<echarts.ECharts | null>(null);
  const drawn = useRef(false);
  const instanceRef = useRef(onInstance);
  instanceRef.current = onInstance;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = echarts.init(el, null, { renderer: 'canvas' });
    chartRef.current = chart;
    chart.on('mouseover', (p: LabelEvent) => {
      if (p.targetType === 'axisLabel' && typeof p.dataIndex === 'number')
        chart.dispatchAction({ type: 'showTip', seriesIndex: 0, dataIndex: p.dataIndex });
    });
    chart.on('mouseout', (p: LabelEvent) => {
      if (p.targetType === 'axisLabel') chart.dispatchAction({ type: 'hideTip' });
    });
    instanceRef.current?.(chart);
    return () => {
      instanceRef.current?.(null);
      chartRef.current = null;
      drawn.current = false;
      chart.dispose();
    };
  }, []);

  // The canvas takes the box's new size before the option drawn for it.
  useEffect(() => {
    const chart = chartRef.current;
    if (chart && !chart.isDisposed() && width > 0 && height > 0) chart.resize();
  }, [width, height]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart || chart.isDisposed()) return;
    // Only the first drawing grows in; a redraw for a new size or answer replaces it at once.
    chart.setOption(drawn.current ? { ...option, animation: false } : option, { notMerge: true });
    drawn.current = true;
  }, [option]);

  return <div ref={ref} className="echart" role="img" aria-label={label} data-testid="echart" />;
}
