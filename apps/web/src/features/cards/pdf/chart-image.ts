/** A card's whole chart drawn off screen from its data: for the PDF (SVG) and pictures (PNG). Lazy chunk. */
import type { TCard } from '@parley/contract';
import { buildChartOption } from '@parley/presenter';
import type { ViewType } from '../views';
import { type DocumentLocale, documentChart } from './content';
import { type PageChart, pageChart } from './page-chart';
import { canvasMeasure, chartPng } from './render-chart';

/** The card's chart for a page `width` CSS pixels wide and at most `maxHeight` tall; null without one. */
export function cardPageChart(
  card: TCard,
  view: ViewType,
  words: DocumentLocale,
  size: { width: number; maxHeight: number; fontFamily: string },
): PageChart | null {
  const chosen = documentChart(card, view);
  if (!chosen) return null;
  const { t, locale } = words;
  const option = buildChartOption({
    card,
    ...chosen,
    locale,
    otherLabel: t('table.other'),
    previousLabel: t('table.previous'),
    soFarLabel: t('so_far'),
    partialLabel: t('partial'),
    totalLabel: t('table.total'),
    size: { width: size.width, height: size.maxHeight },
  });
  return pageChart({ option, ...size, measure: canvasMeasure(size.fontFamily) });
}

/** Width (CSS px) of a chart picture: the PNG export and the e-mailed card. */
export const PICTURE_WIDTH = 960;
export const MAIL_PICTURE_WIDTH = 640;
/** A picture grows with its rows up to this height (CSS px); a page chart stops at the page. */
const PICTURE_MAX_HEIGHT = 2400;

/**
 * The whole chart of the card as a PNG data URL (every category, no scroll slider, no controls),
 * or null when the view is not a chart.
 */
export function cardChartPng(
  card: TCard,
  view: ViewType,
  words: DocumentLocale,
  width: number,
): string | null {
  const chart = cardPageChart(card, view, words, {
    width,
    maxHeight: PICTURE_MAX_HEIGHT,
    fontFamily: 'sans-serif',
  });
  return chart ? chartPng(chart) : null;
}
