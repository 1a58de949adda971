/**
 * Draws a page chart off screen with its own ECharts instance: as SVG for the PDF (its labels stay
 * text) or as a PNG (the picture export and the e-mailed card). Never touches the card on screen.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkAreaComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';
import type { MeasureText, PageChart } from './page-chart';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  SVGRenderer,
  CanvasRenderer,
]);

/** The chart as an SVG document (server-side rendering mode: no DOM node, nothing animated). */
export function chartSvg(chart: PageChart): string {
  const instance = echarts.init(null, null, {
    renderer: 'svg',
    ssr: true,
    width: chart.width,
    height: chart.height,
  });
  try {
    instance.setOption(chart.option);
    return instance.renderToSVGString();
  } finally {
    instance.dispose();
  }
}

/** The chart as a PNG data URL on white, at `pixelRatio` device pixels per CSS pixel. */
export function chartPng(chart: PageChart, pixelRatio = 2): string {
  const node = document.createElement('div');
  const instance = echarts.init(node, null, {
    renderer: 'canvas',
    width: chart.width,
    height: chart.height,
    devicePixelRatio: pixelRatio,
  });
  try {
    instance.setOption(chart.option);
    return instance.getDataURL({ type: 'png', pixelRatio, backgroundColor: '#ffffff' });
  } finally {
    instance.dispose();
  }
}

/** Measures labels with the canvas, in the font the chart is drawn with. */
export function canvasMeasure(fontFamily: string): MeasureText {
  const ctx = document.createElement('canvas').getContext('2d');
  return (text, fontSize) => {
    if (!ctx) return text.length * fontSize * 0.6;
    ctx.font = `${fontSize}px ${fontFamily}`;
    return ctx.measureText(text).width;
  };
}
