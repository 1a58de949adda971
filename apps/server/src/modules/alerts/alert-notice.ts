/**
 * What an alert's run says (issue 34): the in-app notice and the e-mail of a fired alert (the
 * period, the value, the change, the groups hit, the why's top contributors, a chart of the series
 * with its band as a CID PNG, a link to the card, a signed mute link), and the failure and
 * recovery notices. Rendering only, in the owner's language.
 */
import type { TCard } from '@parley/contract';
import { type ChartOption, escapeHtml, formatChange, formatNumber } from '@parley/presenter';
import type { AlertNoticeKind } from '../../db/schema';
import { serverTexts } from '../../i18n';
import type { MailAttachment } from '../../mail/mail-message';
import type { AlertCheck, AlertSeriesPoint } from './alert-check';

export type MetCheck = Extract<AlertCheck, { status: 'met' }>;

/** Dimensions of the why a notice names (the best explaining first). */
const WHY_DIMENSIONS = 3;
/** Contributors of the why a notice names, per dimension. */
const WHY_ITEMS = 3;
/** Size of the alert's chart in the mail (CSS pixels). */
export const ALERT_CHART_SIZE = { width: 600, height: 260 } as const;

export interface NoticeInput {
  kind: AlertNoticeKind;
  phrase: string;
  language: string;
  /** The met check (fired), or the failure's reason (failing). */
  check: MetCheck | { status: 'failed'; reason: string } | null;
  /** Where the notice opens the card (app-relative). */
  link: string;
}

export interface NoticeText {
  title: string;
  /** The notice's lines: the lead, the groups, the why. */
  lines: string[];
}

/** The card's first measure's format, so the value reads as the card writes it. */
function valueFormat(card: TCard | undefined): TCard['columns'][number]['format'] {
  return card?.columns.find((c) => c.kind === 'measure')?.format ?? 'number';
}

/** The title and lines of a notice (the notification's text and the mail's paragraphs). */
export function noticeText(input: NoticeInput): NoticeText {
  const t = serverTexts(input.language).alerts;
  const locale = input.language;
  if (input.kind === 'failing') {
    const reason = input.check?.status === 'failed' ? input.check.reason : '';
    return { title: t.failingTitle(input.phrase), lines: [t.failingText(reason)] };
  }
  if (input.kind === 'recovered') return { title: t.recoveredTitle(input.phrase), lines: [t.recoveredText] };
  const check = input.check as MetCheck;
  const format = valueFormat(check.card);
  const num = (v: number | null) => (v === null ? '–' : formatNumber(v, format, { locale, compact: true }));
  const change = check.change === null ? null : formatChange(check.change, locale);
  const lines = [
    t.firedLead(
      check.period.label,
      num(check.value),
      change,
      check.previous === null ? null : num(check.previous),
    ),
  ];
  if (check.groups.length > 0) {
    const names = check.groups.map((g) =>
      g.change === null ? g.name : `${g.name} ${formatChange(g.change, locale)}`,
    );
    lines.push(t.groups(names.join(', ')));
  }
  // The dimensions that explain the change best come first; past three the notice is a report.
  for (const why of check.why.slice(0, WHY_DIMENSIONS)) {
    const items = why.items
      .slice(0, WHY_ITEMS)
      .map(
        (i) =>
          `${i.name} ${i.change >= 0 ? '+' : '−'}${formatNumber(Math.abs(i.change), format, { locale, compact: true })}`,
      );
    if (items.length) lines.push(`${t.why} (${why.label}): ${items.join(', ')}`);
  }
  return { title: t.firedTitle(input.phrase), lines };
}

/** The series as a line with its band (outside_forecast) shaded between low and high. */
export function alertChartOption(series: AlertSeriesPoint[]): ChartOption {
  const hasBand = series.some((p) => p.low !== undefined && p.high !== undefined);
  const band = hasBand
    ? [
        {
          type: 'line',
          data: series.map((p) => p.low ?? null),
          stack: 'band',
          lineStyle: { opacity: 0 },
          symbol: 'none',
        },
        {
          type: 'line',
          data: series.map((p) => (p.low !== undefined && p.high !== undefined ? p.high - p.low : null)),
          stack: 'band',
          lineStyle: { opacity: 0 },
          areaStyle: { color: '#c7d2fe', opacity: 0.6 },
          symbol: 'none',
        },
      ]
    : [];
  return {
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: series.map((p) => p.at.slice(0, 10)) },
    yAxis: { type: 'value', scale: true },
    series: [...band, { type: 'line', data: series.map((p) => p.value), color: '#4f46e5', symbolSize: 4 }],
  };
}

export interface AlertMailInput extends NoticeInput {
  brand: string;
  openUrl: string;
  muteUrl: string;
  /** The chart as a PNG, or null (the mail goes without it). */
  chart: Buffer | null;
}

export interface AlertMail {
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
}

/** The alert's e-mail: HTML with the chart by CID and a plain-text twin. */
export function alertMail(input: AlertMailInput): AlertMail {
  const t = serverTexts(input.language).alerts;
  const notice = noticeText(input);
  const cid = 'chart@alert';
  const link = (url: string, label: string) =>
    `<a href="${escapeHtml(url)}" style="color:#4f46e5">${escapeHtml(label)}</a>`;
  const html = `<!doctype html>
<html lang="${escapeHtml(input.language)}"><head><meta charset="utf-8"><title>${escapeHtml(notice.title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#111;background:#f6f6f8;margin:0;padding:24px">
<div style="max-width:640px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(notice.title)}</h1>
${notice.lines.map((l) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(l)}</p>`).join('\n')}
${input.chart ? `<p style="margin:16px 0"><img src="cid:${cid}" width="${ALERT_CHART_SIZE.width}" alt="" style="max-width:100%"></p>` : ''}
<p style="margin:24px 0 0">${link(input.openUrl, t.open)}</p>
<p style="margin:24px 0 0;font-size:12px;color:#777">${escapeHtml(t.muteWhy)} ${link(input.muteUrl, t.mute)}</p>
<p style="margin:8px 0 0;font-size:12px;color:#777">${escapeHtml(input.brand)}</p>
</div></body></html>`;
  const text = [
    notice.title,
    '',
    ...notice.lines,
    '',
    `${t.open}: ${input.openUrl}`,
    '',
    t.muteWhy,
    `${t.mute}: ${input.muteUrl}`,
    '',
    `— ${input.brand}`,
  ].join('\n');
  const attachments: MailAttachment[] = input.chart
    ? [{ filename: 'chart.png', content: input.chart, contentType: 'image/png', cid }]
    : [];
  return { subject: `${input.brand}: ${notice.title}`, html, text, attachments };
}

/** The short page the mute link answers. */
export function mutePage(
  brand: string,
  language: string,
  outcome: { phrase: string } | { error: string },
): string {
  const t = serverTexts(language).alerts;
  const [title, line] =
    'error' in outcome ? [t.muteFailed, outcome.error] : [t.mutedTitle, t.muted(outcome.phrase)];
  return `<!doctype html>
<html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — ${escapeHtml(brand)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#111;background:#f6f6f8;margin:0;padding:48px 16px">
<main style="max-width:480px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(line)}</p>
<p style="margin:24px 0 0;font-size:12px;color:#777">${escapeHtml(brand)}</p>
</main></body></html>`;
}
