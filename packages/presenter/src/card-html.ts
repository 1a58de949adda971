/** A card as e-mail HTML (inline styles only): the section an e-mailed card or a digest wraps in its mail. */
import type { TCard } from '@parley/contract';
import { type CardRenderOptions, cardInsights, cardTable } from './card-parts';
import { escapeHtml } from './escape';

/** The words a card's mail section writes around the card's own texts, in the reader's language. */
export interface CardSectionWords {
  /** Heading of the insights list ("Insights"). */
  insights: string;
  /** Alt text of the chart picture ("Chart of Revenue by Region"). */
  chartAlt: string;
}

/** Options of cardSectionHtml: the chart image, the heading level and a line under the title. */
export interface CardSectionOptions extends CardRenderOptions {
  words: CardSectionWords;
  /** Content id of the chart image attached to the mail (`cid:…`); no image when absent. */
  chartCid?: string | null;
  /** Text shown under the chart image ("the first 105 of 150"); escaped here. */
  chartNote?: string | null;
  /** 1 for a card mailed alone, 2 for one card among others (a digest). */
  level?: 1 | 2;
  /** Text shown under the title (a digest's "what changed"); escaped here. */
  lead?: string | null;
  /** Text shown under the table ("the first 20 of 31 rows; all in the CSV"); escaped here. */
  tableNote?: string | null;
}

/** The card's content for an e-mail (inline styles): title, lead, explanation, chart image, table, insights. */
export function cardSectionHtml(card: TCard, options: CardSectionOptions): string {
  const table = cardTable(card, options);
  const th = table.headers.map(
    (h) => `<th style="text-align:left;padding:6px 10px;border-bottom:2px solid #ddd">${escapeHtml(h)}</th>`,
  );
  const rows = table.rows.map(
    (cells) =>
      `<tr>${cells.map((c) => `<td style="padding:6px 10px;border-bottom:1px solid #eee">${escapeHtml(c)}</td>`).join('')}</tr>`,
  );
  const insights = cardInsights(card);
  const image = options.chartCid
    ? `<p><img src="cid:${escapeHtml(options.chartCid)}" alt="${escapeHtml(options.words.chartAlt)}" style="max-width:100%"></p>${
        options.chartNote
          ? `\n<p style="margin:0 0 12px;font-size:12px;color:#555">${escapeHtml(options.chartNote)}</p>`
          : ''
      }`
    : '';
  const heading =
    options.level === 2
      ? `<h2 style="font-size:17px;margin:0 0 8px">${escapeHtml(card.title)}</h2>`
      : `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(card.title)}</h1>`;
  const lead = options.lead
    ? `<p style="margin:0 0 12px;font-weight:bold;line-height:1.5">${escapeHtml(options.lead)}</p>\n`
    : '';
  const note = options.tableNote
    ? `\n<p style="margin:8px 0 0;font-size:12px;color:#555">${escapeHtml(options.tableNote)}</p>`
    : '';
  // card.text and insights are already sanitised HTML built by the engine from escaped values.
  return `${heading}
${lead}<div style="margin:0 0 16px;line-height:1.5">${card.text}</div>
${image}
<table style="border-collapse:collapse;font-size:13px;width:100%"><thead><tr>${th.join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>${note}
${insights.length ? `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(options.words.insights)}</h2><ul>${insights.map((i) => `<li>${i}</li>`).join('')}</ul>` : ''}`;
}
