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
import EChartsReactCore from 'echarts-for-react/esm/core';
import type { EChartsInstance } from 'echarts-for-react/esm/types';

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
  onInstance?: (instance: EChartsInstance | null) => void;
}

/** One ECharts canvas; echarts-for-react disposes the instance when it unmounts. */
export default function EChart({ option, label, onInstance }: EChartProps) {
  return (
    <div className="echart" role="img" aria-label={label} data-testid="echart">
      <EChartsReactCore
        echarts={echarts}
        option={option}
        notMerge
        lazyUpdate
        style={{ height: '100%', width: '100%' }}
        opts={{ renderer: 'canvas' }}
        onChartReady={(instance) => onInstance?.(instance)}
      />
    </div>
  );
}
