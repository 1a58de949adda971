/** What a card's PDF says, worked out from the card's data (never from the screen): pure. */
import type { TCard, TCardChart } from '@parley/contract';
import {
  type ChartViewType,
  cardTable,
  chartViewType,
  comparisonLabel,
  periodLabel,
} from '@parley/presenter';
import type { TFunction } from 'i18next';
import { isChartView, type ViewType } from '../views';

/** The words and formats of the user the document is made for. */
export interface DocumentLocale {
  t: TFunction;
  locale: string;
  /** IANA zone of the user; the browser's when absent. */
  timeZone?: string;
}

export interface CardDocument {
  title: string;
  /** "Oct 1 – 31, 2026 · vs Sep 1 – 30, 2026"; null for a card without a period. */
  period: string | null;
  /** "Source: Demo shop · Data read Nov 20, 2026, 12:00 GMT". */
  source: string;
  /** The explanatory text, a string per paragraph. */
  text: string[];
  insights: string[];
  insightsTitle: string;
  table: { headers: string[]; rows: string[][]; numeric: boolean[] };
  /** "Page 1 of 2". */
  page: (page: number, count: number) => string;
}

/** A card's HTML (text, an insight) as plain paragraphs: a paragraph, list item or line break each. */
export function htmlParagraphs(html: string): string[] {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const br of [...body.querySelectorAll('br')]) br.replaceWith('\n');
  const blocks = [...body.querySelectorAll('p, li')];
  const texts = blocks.length > 0 ? blocks.map((b) => b.textContent ?? '') : [body.textContent ?? ''];
  return texts
    .flatMap((text) => text.split('\n'))
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** A moment with its date, time and zone, as the user reads it. */
export function momentLabel(iso: string, locale: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(date);
}

/** The period line: the period's dates, "(so far)" while it runs, and what it is compared with. */
export function periodLine(card: TCard, { t, locale }: DocumentLocale): string | null {
  const period = periodLabel(card, locale, t('so_far'));
  if (!period) return null;
  const comparison = comparisonLabel(card, locale);
  return comparison ? `${period} · ${t('compared_with', { period: comparison })}` : period;
}

/** The source line: which source answered and when its data was read (a copy: when it was copied). */
export function sourceLine(card: TCard, { t, locale, timeZone }: DocumentLocale): string {
  const read = card.synced
    ? t('data_as_of', { date: momentLabel(card.synced, locale, timeZone) })
    : t('exports.data_read', { date: momentLabel(card.date, locale, timeZone) });
  return card.source ? `${t('exports.source', { name: card.source.name })} · ${read}` : read;
}

/** The chart the PDF draws: the view on screen when it is a chart, else the card's first chart. */
export function documentChart(card: TCard, view: ViewType): { spec: TCardChart; view: ChartViewType } | null {
  if (card.table.length === 0 || card.chart.length === 0) return null;
  const spec =
    (isChartView(view) && card.chart.find((s) => chartViewType(s, card) === view)) || card.chart[0];
  return { spec, view: chartViewType(spec, card) };
}

/** Everything the PDF says about a card but its chart. */
export function cardDocument(card: TCard, words: DocumentLocale): CardDocument {
  const { t, locale } = words;
  const table = cardTable(card, { locale, maxRows: card.table.length });
  const keys = card.table.length > 0 ? Object.keys(card.table[0]) : [];
  const kinds = new Map(card.columns.map((c) => [c.key, c.kind]));
  return {
    title: card.title,
    period: periodLine(card, words),
    source: sourceLine(card, words),
    text: htmlParagraphs(card.text),
    insights: card.insights
      .map((i) => htmlParagraphs(typeof i === 'string' ? i : i.text).join(' '))
      .filter(Boolean),
    insightsTitle: t('insights_title'),
    table: {
      ...table,
      numeric: keys.map((k) => kinds.get(k) === 'measure' || typeof card.table[0]?.[k] === 'number'),
    },
    page: (page, count) => t('exports.page', { page, count }),
  };
}
