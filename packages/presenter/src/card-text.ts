/** A card as plain text: the twin of cardHtml for mail clients without HTML. */
import type { TCard } from '@parley/contract';
import { type CardRenderOptions, cardInsights, cardTable } from './card-parts';

/** Options of cardText: the product name that signs it. */
export interface CardTextOptions extends CardRenderOptions {
  brand: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

// Card text and insights are HTML with escaped values; plain text shows those values as they are.
const plain = (html: string): string =>
  html.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name]);

/** The card as text: title, explanation, the table tab-separated, insights as bullets, signature. */
export function cardText(card: TCard, options: CardTextOptions): string {
  const table = cardTable(card, options);
  return [
    card.title,
    '',
    plain(card.text),
    '',
    table.headers.join('\t'),
    ...table.rows.map((cells) => cells.join('\t')),
    '',
    ...cardInsights(card).map((i) => `• ${plain(i)}`),
    '',
    `— ${options.brand}`,
  ].join('\n');
}
