/**
 * The digest e-mail of a collection (DESIGN §11): every card with its chart as a PNG
 * attached by CID, its table (the first 20 rows, all of them as a CSV attachment beyond that),
 * a computed "what changed since the last digest", an HTML and a plain-text part in the owner's
 * language and number formats, and an unsubscribe link. Rendering only: the cards come answered.
 */
import type {
  TCard,
  TCardChart,
  TCollectionResponse,
  TLayoutItem,
  TNotificationFrequency,
} from '@parley/contract';
import {
  buildChartOption,
  type ChartOption,
  type ChartOptionInput,
  type ChartViewType,
  cardChange,
  cardSectionHtml,
  cardTextSection,
  chartNotes,
  chartViewType,
  escapeHtml,
  formatNumber,
  PREVIOUS_PREFIX,
  percentChange,
} from '@parley/presenter';
import type { DigestSummary } from '../../db/schema';
import { serverTexts } from '../../i18n';
import type { MailAttachment } from '../../mail/mail.service';
import { readerCsv } from '../conversations/card-csv';
import { cardWords, readerPeriod } from '../conversations/card-mail';
import { DIGEST_CHART_SIZE, digestChart } from './digest-chart';

/** Rows of a card's table the mail shows; the rest travel in the CSV attachment. */
export const DIGEST_TABLE_ROWS = 20;
/** Measures a card's "what changed" line names at most. */
const CHANGE_MEASURES = 3;

/** Draws a chart option as a PNG of a size; null when it cannot (the card goes out without its image). */
export type ChartPainter = (option: ChartOption, size: { width: number; height: number }) => Buffer | null;

export interface DigestMailInput {
  brand: string;
  collectionName: string;
  /** The schedule's frequency, or null for a digest sent now without one. */
  frequency: TNotificationFrequency | null;
  /** The owner's language: texts and number formats. */
  language: string;
  responses: TCollectionResponse[];
  /** The collection's grid: the view chosen per card (`c`) picks the chart drawn. */
  layout: TLayoutItem[];
  /** What the last digest mailed, per card. */
  previous: DigestSummary | null;
  openUrl: string;
  unsubscribeUrl: string;
  paint: ChartPainter;
}

export interface DigestMail {
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
  /** The headline numbers mailed, for the next digest's comparison. */
  summary: DigestSummary;
}

const isMeasureKey = (key: string) =>
  !key.startsWith(PREVIOUS_PREFIX) && !key.endsWith('__change') && !key.endsWith('__%');

/**
 * A card's headline numbers: per measure column, the total over its rows (the mean for rates).
 * Keyed by column key, so the next digest compares like with like.
 */
export function cardSummary(card: TCard): Record<string, number> {
  const values: Record<string, number> = {};
  for (const column of card.columns) {
    if (column.kind !== 'measure' || !isMeasureKey(column.key)) continue;
    const numbers = card.table
      .map((row) => row[column.key])
      .filter((v): v is number => typeof v === 'number');
    if (numbers.length === 0) continue;
    const total = numbers.reduce((a, b) => a + b, 0);
    values[column.key] = column.format === 'percent' ? total / numbers.length : total;
  }
  return values;
}

/** "Revenue: $1.2M, +5% since the last digest (was $1.1M)" per measure, or the first-digest line. */
export function changeLine(
  card: TCard,
  now: Record<string, number>,
  was: Record<string, number> | undefined,
  language: string,
): string {
  const t = serverTexts(language).digest;
  if (!was) return t.first;
  const lines: string[] = [];
  for (const column of card.columns) {
    const current = now[column.key];
    const before = was[column.key];
    if (current === undefined || lines.length >= CHANGE_MEASURES) continue;
    const fmt = (v: number) => formatNumber(v, column.format, { locale: language, compact: true });
    if (before === undefined) continue;
    if (current === before) lines.push(t.same(column.label, fmt(current)));
    else {
      // Written as the card writes its changes (cardChange), so the digest and the card agree.
      const change = cardChange(percentChange(current, before), language, { current, previous: before });
      const text = change.direction === 'none' ? null : change.signed;
      lines.push(t.changed(column.label, fmt(current), text, fmt(before)));
    }
  }
  return lines.length ? lines.join(' · ') : t.first;
}

/** The chart a card shows in the mail: the view chosen on the grid when it is a chart, else the first. */
function chartFor(card: TCard, chosen: string | undefined): { spec: TCardChart; view: ChartViewType } | null {
  if (card.table.length === 0 || card.chart.length === 0) return null;
  // The views the card shows: the chosen chart view, else the card's first chart.
  const spec = card.chart.find((s) => chartViewType(s, card) === chosen) ?? card.chart[0]!;
  return { spec, view: chartViewType(spec, card) };
}

/**
 * A card's chart drawn whole as a PNG attached by CID, and what the picture leaves out, said under
 * it (rows past the tallest picture, values past the series cap); null when it could not be drawn.
 */
function chartPicture(
  card: TCard,
  chosen: { spec: TCardChart; view: ChartViewType },
  index: number,
  locale: string,
  paint: ChartPainter,
): { attachment: MailAttachment; note: string | null } | null {
  const t = serverTexts(locale).digest;
  const input: ChartOptionInput = {
    card,
    ...chosen,
    locale,
    otherLabel: t.other,
    previousLabel: t.previous,
    soFarLabel: t.soFar,
    partialLabel: t.partial,
    totalLabel: t.total,
    size: DIGEST_CHART_SIZE,
  };
  const chart = digestChart(buildChartOption(input));
  const png = paint(chart.option, chart.size);
  if (!png) return null;
  const cid = `chart-${index + 1}@digest`;
  // A scroll is drawn whole here; only the values merged or left out by the series cap remain to say.
  const notes = chartNotes(input).flatMap((n) =>
    n.kind === 'top'
      ? [t.chartTop(n.shown, n.total)]
      : n.kind === 'other'
        ? [t.chartOther(n.shown, n.total, t.other)]
        : [],
  );
  if (chart.cut) notes.unshift(t.chartRows(chart.cut.shown, chart.cut.total));
  return {
    attachment: { filename: `chart-${index + 1}.png`, content: png, contentType: 'image/png', cid },
    note: notes.length ? notes.join(' · ') : null,
  };
}

/** Builds the digest mail of a collection from its answered cards. */
export function digestMail(input: DigestMailInput): DigestMail {
  const t = serverTexts(input.language).digest;
  const locale = input.language;
  const title = t.title[input.frequency ?? 'now'];
  const attachments: MailAttachment[] = [];
  const summary: DigestSummary = {};
  const htmlSections: string[] = [];
  const textSections: string[] = [];
  const views = new Map(input.layout.map((item) => [item.i, item.c]));

  input.responses.forEach((response, index) => {
    const card = response.card;
    if (!card) {
      const message =
        response.message ?? (response.text ? response.text.replace(/<[^>]*>/g, '') : t.noAnswer);
      htmlSections.push(
        `<h2 style="font-size:17px;margin:0 0 8px">${escapeHtml(response.phrase)}</h2>\n<p style="margin:0;color:#b42318">${escapeHtml(message)}</p>`,
      );
      textSections.push(`${response.phrase}\n\n${message}`);
      return;
    }
    const values = cardSummary(card);
    summary[response.question_id] = { title: card.title, values };
    const change = changeLine(card, values, input.previous?.[response.question_id]?.values, locale);
    // Which period the numbers are of, in the owner's date format ("Oct 1 – 31, 2026 · vs …").
    const period = readerPeriod(card, locale);
    const lead = period ? `${period} · ${change}` : change;

    const chosen = chartFor(card, views.get(response.question_id));
    const picture = chosen ? chartPicture(card, chosen, index, locale, input.paint) : null;
    if (picture) attachments.push(picture.attachment);
    const chartCid = picture?.attachment.cid ?? null;
    const chartNote = picture?.note ?? null;
    let tableNote: string | null = null;
    if (card.table.length > DIGEST_TABLE_ROWS) {
      tableNote = t.rows(DIGEST_TABLE_ROWS, card.table.length);
      // The file the reader would download from the card: named after it and its period, rows dated.
      const { filename, csv } = readerCsv(card, locale);
      attachments.push({ filename, content: csv, contentType: 'text/csv; charset=utf-8' });
    }
    const options = { locale, maxRows: DIGEST_TABLE_ROWS, lead, tableNote };
    htmlSections.push(
      cardSectionHtml(card, { ...options, level: 2, chartCid, chartNote, words: cardWords(card, locale) }),
    );
    textSections.push(cardTextSection(card, options));
  });

  const heading = `${title}: ${input.collectionName}`;
  const link = (url: string, label: string) =>
    `<a href="${escapeHtml(url)}" style="color:#4f46e5">${escapeHtml(label)}</a>`;
  const html = `<!doctype html>
<html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><title>${escapeHtml(heading)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#111;background:#f6f6f8;margin:0;padding:24px">
<div style="max-width:760px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 24px">${escapeHtml(heading)}</h1>
${htmlSections.join('\n<hr style="border:0;border-top:1px solid #e4e4e7;margin:28px 0">\n')}
<p style="margin:32px 0 0">${link(input.openUrl, t.open)}</p>
<p style="margin:24px 0 0;font-size:12px;color:#777">${escapeHtml(t.why)} ${link(input.unsubscribeUrl, t.unsubscribe)}</p>
<p style="margin:8px 0 0;font-size:12px;color:#777">${escapeHtml(input.brand)}</p>
</div></body></html>`;
  const text = [
    heading,
    '',
    textSections.join('\n\n———\n\n'),
    '',
    `${t.open}: ${input.openUrl}`,
    '',
    t.why,
    `${t.unsubscribe}: ${input.unsubscribeUrl}`,
    '',
    `— ${input.brand}`,
  ].join('\n');
  return { subject: `${input.brand}: ${heading}`, html, text, attachments, summary };
}

/** The short page the unsubscribe link answers: what happened, or why the link did not work. */
export function unsubscribePage(
  brand: string,
  language: string,
  outcome: { collectionName: string } | { error: string },
): string {
  const t = serverTexts(language).unsubscribe;
  const [title, lines] =
    'error' in outcome ? [t.failed, [outcome.error]] : [t.title, [t.done(outcome.collectionName), t.again]];
  return `<!doctype html>
<html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — ${escapeHtml(brand)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#111;background:#f6f6f8;margin:0;padding:48px 16px">
<main style="max-width:480px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${lines.map((l) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(l)}</p>`).join('\n')}
<p style="margin:24px 0 0;font-size:12px;color:#777">${escapeHtml(brand)}</p>
</main></body></html>`;
}
