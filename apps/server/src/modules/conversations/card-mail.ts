import type { TCard } from '@parley/contract';
import { cardHtml, cardText } from '@parley/presenter';

/** Content id of the chart image attached to an e-mailed card. */
export const CARD_CHART_CID = 'card-chart';

/** The e-mail of one card: subject, the presenter's HTML (chart inline by cid when attached) and text. */
export function cardMail(
  brand: string,
  card: TCard,
  hasImage: boolean,
): { subject: string; html: string; text: string } {
  return {
    subject: `${brand}: ${card.title}`,
    html: cardHtml(card, { brand, chartCid: hasImage ? CARD_CHART_CID : null }),
    text: cardText(card, { brand }),
  };
}
