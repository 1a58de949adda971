/** A card as plain text: the twin of cardSectionHtml for mail clients without HTML. */
import type { TCard } from '@parley/contract';
import { type CardRenderOptions, cardInsights, cardTable } from './card-parts';
import { htmlToText } from './escape';

/** Options of cardTextSection: a line under the title and a note under the table. */
export interface CardTextSectionOptions extends CardRenderOptions {
  /** Text under the title (a digest's "what changed"). */
  lead?: string | null;
  /** Text under the table ("the first 20 of 31 rows; all in the CSV"). */
  tableNote?: string | null;
}

/** The card's content as text: title, lead, explanation, the table tab-separated, insights as bullets. */
export function cardTextSection(card: TCard, options: CardTextSectionOptions): string {
  const table = cardTable(card, options);
  return [
    card.title,
    '',
    ...(options.lead ? [options.lead, ''] : []),
    htmlToText(card.text),
    '',
    table.headers.join('\t'),
    ...table.rows.map((cells) => cells.join('\t')),
    ...(options.tableNote ? [options.tableNote] : []),
    '',
    ...cardInsights(card).map((i) => `• ${htmlToText(i)}`),
  ].join('\n');
}
