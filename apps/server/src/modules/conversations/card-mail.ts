import type { TCard } from '@parley/contract';
import {
  type CardSectionWords,
  cardSectionHtml,
  cardTextSection,
  comparisonLabel,
  escapeHtml,
  periodLabel,
} from '@parley/presenter';
import { serverTexts } from '../../i18n';

/** Content id of the chart image attached to an e-mailed card. */
export const CARD_CHART_CID = 'card-chart';

/** Whom a card is mailed to: their language (texts, numbers, dates) and time zone. */
export interface MailReader {
  language: string;
  /** IANA zone; UTC when absent or unknown. */
  timeZone: string | null;
}

function validZone(zone: string | null): string {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** A moment as the reader reads it: their date and time format, in their zone, the zone named. */
export function readerMoment(iso: string, reader: MailReader): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(reader.language, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: validZone(reader.timeZone),
  }).format(date);
}

/** The card's period in the reader's date format, "(so far)" while it runs, with its comparison. */
export function readerPeriod(card: TCard, language: string): string | null {
  const texts = serverTexts(language);
  const period = periodLabel(card, language, texts.digest.soFar);
  if (!period) return null;
  const comparison = comparisonLabel(card, language);
  return comparison ? `${period} · ${texts.cardMail.comparedWith(comparison)}` : period;
}

/** "Source: Demo data · Data read Nov 20, 2026, 14:00 GMT+3" (a copy: when it was copied). */
export function readerSource(card: TCard, reader: MailReader): string {
  const t = serverTexts(reader.language).cardMail;
  const read = card.synced
    ? t.dataAsOf(readerMoment(card.synced, reader))
    : t.dataRead(readerMoment(card.date, reader));
  return card.source ? `${t.source(card.source.name)} · ${read}` : read;
}

/** The words a mailed card's section writes around the card (its insights heading, its chart's alt text). */
export function cardWords(card: TCard, language: string): CardSectionWords {
  const t = serverTexts(language).cardMail;
  return { insights: t.insights, chartAlt: t.chartAlt(card.title) };
}

/**
 * The e-mail of one card: the title once (the subject names it, the body's heading shows it; the
 * chart picture is the chart alone), the period under it and the source with the time its data was
 * read at the foot, all in the reader's language, date format and time zone.
 */
export function cardMail(
  brand: string,
  card: TCard,
  hasImage: boolean,
  reader: MailReader,
): { subject: string; html: string; text: string } {
  const locale = reader.language;
  const lead = readerPeriod(card, locale);
  const source = readerSource(card, reader);
  const words = cardWords(card, locale);
  const section = cardSectionHtml(card, { locale, lead, words, chartCid: hasImage ? CARD_CHART_CID : null });
  const html = `<!doctype html><html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><title>${escapeHtml(card.title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#111;background:#f6f6f8;margin:0;padding:24px">
<div style="max-width:760px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
${section}
<p style="margin:24px 0 0;font-size:12px;color:#777">${escapeHtml(source)} — ${escapeHtml(brand)}</p>
</div></body></html>`;
  const text = [cardTextSection(card, { locale, lead }), '', `${source} — ${brand}`].join('\n');
  return { subject: `${brand}: ${card.title}`, html, text };
}
