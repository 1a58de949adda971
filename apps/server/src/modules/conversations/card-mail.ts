import { csvHeader, type TCard, type TCardColumn } from '@parley/contract';
import { escapeHtml } from '../../mail/mail.templates';

/** Plain-text view of a card cell (numbers by column format; HTML escaped by the caller). */
export function formatCell(
  value: string | number | null | undefined,
  column: TCardColumn | undefined,
): string {
  if (value === null || value === undefined) return '–';
  if (typeof value !== 'number') return String(value);
  // Change and share columns are already percentages (12.5 = 12.5 %); rates are fractions (DESIGN §6).
  if (column?.key.endsWith('__change') || column?.key.endsWith('__%')) return `${value.toFixed(1)} %`;
  if (column?.format === 'percent') return `${(value * 100).toFixed(1)} %`;
  if (column?.format === 'currency')
    return value.toLocaleString('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 2 });
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** The e-mail of one card: title, explanation, the chart image inline (cid), the table, insights. */
export function cardMail(
  brand: string,
  card: TCard,
  hasImage: boolean,
): { subject: string; html: string; text: string } {
  const keys = card.table.length ? Object.keys(card.table[0]!) : [];
  const byKey = new Map(card.columns.map((c) => [c.key, c]));
  const th = keys.map(
    (k) =>
      `<th style="text-align:left;padding:6px 10px;border-bottom:2px solid #ddd">${escapeHtml(csvHeader(k))}</th>`,
  );
  const rows = card.table
    .slice(0, 200)
    .map(
      (r) =>
        `<tr>${keys.map((k) => `<td style="padding:6px 10px;border-bottom:1px solid #eee">${escapeHtml(formatCell(r[k], byKey.get(k)))}</td>`).join('')}</tr>`,
    );
  const insights = card.insights.map((i) => (typeof i === 'string' ? i : i.text));
  // card.text and insights are already sanitised HTML built by the engine from escaped values.
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(card.title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#111;background:#f6f6f8;margin:0;padding:24px">
<div style="max-width:760px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(card.title)}</h1>
<div style="margin:0 0 16px;line-height:1.5">${card.text}</div>
${hasImage ? '<p><img src="cid:card-chart" alt="Chart" style="max-width:100%"></p>' : ''}
<table style="border-collapse:collapse;font-size:13px;width:100%"><thead><tr>${th.join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>
${insights.length ? `<h2 style="font-size:16px;margin:24px 0 8px">Insights</h2><ul>${insights.map((i) => `<li>${i}</li>`).join('')}</ul>` : ''}
<p style="margin:24px 0 0;font-size:12px;color:#777">Data read ${escapeHtml(card.date)} — ${escapeHtml(brand)}</p>
</div></body></html>`;
  const stripTags = (s: string) => s.replace(/<[^>]*>/g, '');
  const text = [
    card.title,
    '',
    stripTags(card.text),
    '',
    keys.map(csvHeader).join('\t'),
    ...card.table.slice(0, 200).map((r) => keys.map((k) => formatCell(r[k], byKey.get(k))).join('\t')),
    '',
    ...insights.map((i) => `• ${stripTags(i)}`),
    '',
    `— ${brand}`,
  ].join('\n');
  return { subject: `${brand}: ${card.title}`, html, text };
}
