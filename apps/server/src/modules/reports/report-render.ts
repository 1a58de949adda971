/**
 * A report document as the app shows it (HTML, charts as inline SVG), as the e-mail sends it
 * (HTML with charts as PNGs attached by CID, plus a plain-text part) and as a PDF attachment
 * (pdfkit, the charts' PNGs, the one shipped font so Turkish letters print). Rendering only.
 */
import { escapeHtml } from '@parley/presenter';
import PDFDocument from 'pdfkit';
import { serverTexts } from '../../i18n';
import { CHART_FONT_FILE } from '../../mail/chart-image';
import type { MailAttachment } from '../../mail/mail.service';
import type { ReportDocument, ReportSection, ReportTable } from './report-analysis';

/** Draws section `index`'s chart: an <img>/<svg> for HTML, or null when there is none. */
type ChartHtml = (section: ReportSection, index: number) => string | null;

const STYLE = {
  h1: 'font-size:22px;margin:0 0 4px',
  sub: 'margin:0 0 20px;color:#52525b',
  h2: 'font-size:17px;margin:28px 0 8px;border-bottom:1px solid #e4e4e7;padding-bottom:4px',
  p: 'margin:0 0 10px;line-height:1.55',
  note: 'margin:0 0 10px;line-height:1.55;color:#71717a;font-style:italic',
  table: 'border-collapse:collapse;width:100%;font-size:13px;margin:8px 0 12px',
  th: 'text-align:left;border-bottom:2px solid #d4d4d8;padding:4px 8px',
  td: 'border-bottom:1px solid #f4f4f5;padding:4px 8px',
  scope:
    'margin:0 0 16px;padding:12px 16px;background:#f4f4f5;border-radius:6px;font-size:13px;line-height:1.5',
};

function tableHtml(table: ReportTable): string {
  const align = (i: number) => (table.numeric[i] ? ';text-align:right' : '');
  const head = table.columns
    .map((c, i) => `<th style="${STYLE.th}${align(i)}">${escapeHtml(c)}</th>`)
    .join('');
  const rows = table.rows
    .map(
      (r) =>
        `<tr>${r.map((c, i) => `<td style="${STYLE.td}${align(i)}">${escapeHtml(c)}</td>`).join('')}</tr>`,
    )
    .join('\n');
  return `<table style="${STYLE.table}"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

/** The document's body as HTML: title, scope, then each section. */
export function reportBodyHtml(doc: ReportDocument, chart: ChartHtml): string {
  const parts = [
    `<h1 style="${STYLE.h1}">${escapeHtml(doc.title)}</h1>`,
    `<p style="${STYLE.sub}">${escapeHtml(doc.subtitle)}</p>`,
    `<div style="${STYLE.scope}">${doc.framing.map((l) => `<div>${escapeHtml(l)}</div>`).join('')}</div>`,
  ];
  doc.sections.forEach((section, index) => {
    parts.push(`<h2 style="${STYLE.h2}">${escapeHtml(section.heading)}</h2>`);
    if (section.unsupported) {
      parts.push(`<p style="${STYLE.note}">${escapeHtml(section.unsupported)}</p>`);
      return;
    }
    for (const p of section.paragraphs) parts.push(`<p style="${STYLE.p}">${escapeHtml(p)}</p>`);
    const image = chart(section, index);
    if (image) parts.push(`<div style="margin:8px 0">${image}</div>`);
    if (section.table) parts.push(tableHtml(section.table));
  });
  return parts.join('\n');
}

/** The report as the app shows it: charts drawn inline as SVG (our own, from ECharts SSR). */
export function reportAppHtml(doc: ReportDocument, svg: (section: ReportSection) => string | null): string {
  return `<article class="report-document">${reportBodyHtml(doc, (s) => svg(s))}</article>`;
}

function tableText(table: ReportTable): string {
  return [table.columns.join('\t'), ...table.rows.map((r) => r.join('\t'))].join('\n');
}

/** The plain-text part of the mail. */
export function reportText(doc: ReportDocument, language: string): string {
  const t = serverTexts(language).report;
  const lines = [doc.title, doc.subtitle, '', ...doc.framing];
  for (const s of doc.sections) {
    lines.push('', s.heading, '-'.repeat(s.heading.length));
    if (s.unsupported) {
      lines.push(`${t.mail.notSupported}: ${s.unsupported}`);
      continue;
    }
    lines.push(...s.paragraphs);
    if (s.table) lines.push('', tableText(s.table));
  }
  return lines.join('\n');
}

export interface ReportMail {
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
}

/** The e-mail: HTML with CID charts, text, and the PDF. `pngs` are the sections' chart images by index. */
export async function reportMail(
  doc: ReportDocument,
  pngs: Map<number, Buffer>,
  options: { brand: string; language: string; openUrl: string },
): Promise<ReportMail> {
  const t = serverTexts(options.language).report;
  const attachments: MailAttachment[] = [];
  const body = reportBodyHtml(doc, (_section, index) => {
    const png = pngs.get(index);
    if (!png) return null;
    const cid = `report-chart-${index + 1}@report`;
    attachments.push({ filename: `chart-${index + 1}.png`, content: png, contentType: 'image/png', cid });
    return `<img src="cid:${cid}" width="680" style="max-width:100%;height:auto" alt="">`;
  });
  const link = `<a href="${escapeHtml(options.openUrl)}" style="color:#4f46e5">${escapeHtml(t.mail.open)}</a>`;
  const html = `<!doctype html>
<html lang="${escapeHtml(options.language)}"><head><meta charset="utf-8"><title>${escapeHtml(doc.title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#111;background:#f6f6f8;margin:0;padding:24px">
<div style="max-width:760px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<p style="margin:0 0 16px;color:#52525b">${escapeHtml(t.mail.intro)} ${escapeHtml(t.mail.pdf)}</p>
${body}
<p style="margin:32px 0 0">${link}</p>
<p style="margin:24px 0 0;font-size:12px;color:#777">${escapeHtml(t.mail.why)}</p>
<p style="margin:8px 0 0;font-size:12px;color:#777">${escapeHtml(options.brand)}</p>
</div></body></html>`;
  const text = [
    reportText(doc, options.language),
    '',
    `${t.mail.open}: ${options.openUrl}`,
    '',
    t.mail.why,
    '',
    `— ${options.brand}`,
  ].join('\n');
  attachments.push({
    filename: `${doc.title.toLowerCase().replace(/[^a-z0-9ğüşöçı]+/gi, '-')}.pdf`,
    content: await reportPdf(doc, pngs, options.language),
    contentType: 'application/pdf',
  });
  return { subject: `${options.brand}: ${doc.title} — ${doc.subtitle}`, html, text, attachments };
}

/** The report as a PDF (A4): headings, paragraphs, chart images, tables. */
export function reportPdf(doc: ReportDocument, pngs: Map<number, Buffer>, language: string): Promise<Buffer> {
  const t = serverTexts(language).report;
  const pdf = new PDFDocument({ size: 'A4', margin: 50, info: { Title: doc.title } });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('body', CHART_FONT_FILE);
  pdf.font('body');
  const width = pdf.page.width - 100;
  pdf.fontSize(20).fillColor('#111111').text(doc.title);
  pdf.fontSize(11).fillColor('#52525b').text(doc.subtitle).moveDown(0.8);
  pdf.fontSize(9.5).fillColor('#3f3f46');
  for (const line of doc.framing) pdf.text(line);
  doc.sections.forEach((s, index) => {
    if (pdf.y > pdf.page.height - 160) pdf.addPage();
    pdf.moveDown(1).fontSize(14).fillColor('#111111').text(s.heading);
    pdf.moveDown(0.3).fontSize(10).fillColor('#27272a');
    if (s.unsupported) {
      pdf.fillColor('#71717a').text(`${t.mail.notSupported}: ${s.unsupported}`);
      return;
    }
    for (const p of s.paragraphs) pdf.text(p).moveDown(0.3);
    const png = pngs.get(index);
    if (png) {
      const h = (width * 300) / 680;
      if (pdf.y + h > pdf.page.height - 50) pdf.addPage();
      pdf.image(png, 50, pdf.y, { width });
      pdf.y += h + 6;
    }
    if (s.table) pdfTable(pdf, s.table, width);
  });
  pdf.end();
  return done;
}

function pdfTable(pdf: PDFKit.PDFDocument, table: ReportTable, width: number): void {
  const cols = table.columns.length;
  const colWidth = width / cols;
  const row = (cells: string[], header: boolean) => {
    const heights = cells.map((c) => pdf.heightOfString(c, { width: colWidth - 6 }));
    const h = Math.max(...heights) + 4;
    if (pdf.y + h > pdf.page.height - 50) pdf.addPage();
    const y = pdf.y;
    pdf.fontSize(8.5).fillColor(header ? '#111111' : '#27272a');
    cells.forEach((c, i) => {
      pdf.text(c, 50 + i * colWidth, y + 2, {
        width: colWidth - 6,
        align: table.numeric[i] && !header ? 'right' : 'left',
      });
    });
    pdf
      .moveTo(50, y + h)
      .lineTo(50 + width, y + h)
      .strokeColor(header ? '#a1a1aa' : '#e4e4e7')
      .stroke();
    pdf.x = 50;
    pdf.y = y + h + 1;
  };
  pdf.moveDown(0.3);
  row(table.columns, true);
  for (const r of table.rows) row(r, false);
  pdf.fontSize(10);
}
