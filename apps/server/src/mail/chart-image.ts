/**
 * Charts for e-mail (DESIGN §2): ECharts renders the chart's option to SVG on the server (SSR,
 * no browser, no DOM), resvg turns the SVG into a PNG, which mails attach by CID (never inline SVG
 * or data: URLs — mail clients block both). Text is drawn with the one font shipped in
 * assets/fonts (Noto Sans, SIL OFL 1.1) and no system fonts, so an image is the same everywhere.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChartOption } from '@parley/presenter';
import { Resvg } from '@resvg/resvg-js';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import {
  DatasetComponent,
  DataZoomSliderComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { LegacyGridContainLabel } from 'echarts/features';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  DatasetComponent,
  // The card's chart as the web draws it: a slider past 15 bars (the image shows the first ones,
  // as the card does), shaded running buckets.
  DataZoomSliderComponent,
  MarkAreaComponent,
  // The presenter's options keep axis labels inside the grid with `containLabel`.
  LegacyGridContainLabel,
  SVGRenderer,
]);

/** The font every chart image is drawn with. */
export const CHART_FONT_FILE = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../assets/fonts/NotoSans-Regular.ttf',
);
const FONT_FAMILY = 'Noto Sans';

export interface ChartImageSize {
  /** CSS pixels of the drawing; the PNG has `scale` times as many (sharp on high-density screens). */
  width: number;
  height: number;
  scale?: number;
}

/** The chart of an ECharts option as SVG text, drawn on the server. */
export function renderChartSvg(option: ChartOption, size: ChartImageSize): string {
  const chart = echarts.init(null, null, {
    renderer: 'svg',
    ssr: true,
    width: size.width,
    height: size.height,
  });
  // An image has no pointer: the option's tooltip is left out.
  const { tooltip: _tooltip, ...still } = option;
  try {
    chart.setOption({
      ...still,
      animation: false,
      backgroundColor: '#ffffff',
      textStyle: { fontFamily: FONT_FAMILY },
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** The chart of an ECharts option as a PNG image (for a CID attachment). */
export function renderChartPng(option: ChartOption, size: ChartImageSize): Buffer {
  const svg = renderChartSvg(option, size);
  const png = new Resvg(svg, {
    font: { fontFiles: [CHART_FONT_FILE], loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
    fitTo: { mode: 'width', value: Math.round(size.width * (size.scale ?? 2)) },
    background: '#ffffff',
  }).render();
  return png.asPng();
}
