/**
 * Parley's answers as Adaptive Cards for Teams (schema 1.5, https://adaptivecards.io/explorer/ and
 * "Cards reference" https://learn.microsoft.com/microsoftteams/platform/task-modules-and-cards/cards/cards-reference#adaptive-card):
 * Teams takes at most 28 KB per message, so a card carries its key figures, never the whole table.
 * The OAuthCard (https://learn.microsoft.com/azure/bot-service/rest-api/bot-framework-rest-connector-add-rich-cards)
 * asks the user to sign in through the token service.
 */
import type { TCard, TConversationResponse, TPrompt } from '@parley/contract';
import { cardTable, htmlToText } from '@parley/presenter';
import type { TeamsAttachment, TeamsOutgoing } from './activity';
import type { SignInResource } from './bot-connector';

const ADAPTIVE = 'application/vnd.microsoft.card.adaptive';
/** Figures a card lists at most: a ranking's top rows; the rest is one click away in Parley. */
const MAX_FACTS = 8;
/** Buttons a question back offers at most (Teams shows up to six actions in a row of a card). */
const MAX_CHOICES = 6;

/** Card HTML (sanitised, values escaped) as plain text. */
export const plainText = (html: string): string => htmlToText(html).trim();

const adaptive = (body: unknown[], actions: unknown[] = []): TeamsAttachment => ({
  contentType: ADAPTIVE,
  content: {
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    type: 'AdaptiveCard',
    version: '1.5',
    body,
    ...(actions.length ? { actions } : {}),
  },
});

/** How an answer card is drawn in Teams: its chart image (if any), its link in Parley, the reader's locale. */
export interface CardLinks {
  chartUrl: string | null;
  openUrl: string;
  locale?: string;
}

/** The key figures: one row's measures by name, or a ranking's first rows as "label: value". */
export function keyFigures(card: TCard, locale = 'en-US'): { title: string; value: string }[] {
  const table = cardTable(card, { locale, maxRows: MAX_FACTS });
  if (table.rows.length === 1) {
    return table.headers.map((title, i) => ({ title, value: table.rows[0]![i] ?? '' }));
  }
  const labels = card.columns.filter((c) => c.kind !== 'measure').length || 1;
  return table.rows.map((cells) => ({
    title: cells.slice(0, labels).join(' · '),
    value: cells.slice(labels).join(' · '),
  }));
}

/** One answer card: title, period, chart, key figures, explanation, "Open in Parley". */
export function answerCard(card: TCard, links: CardLinks): TeamsAttachment {
  const period = card.period ? `${card.period.label} (${card.period.from} – ${card.period.to})` : null;
  const text = plainText(card.text);
  const body: unknown[] = [
    { type: 'TextBlock', text: card.title, size: 'Medium', weight: 'Bolder', wrap: true },
    ...(period ? [{ type: 'TextBlock', text: period, isSubtle: true, spacing: 'None', wrap: true }] : []),
    ...(links.chartUrl ? [{ type: 'Image', url: links.chartUrl, altText: card.title, size: 'Stretch' }] : []),
    { type: 'FactSet', facts: keyFigures(card, links.locale) },
    ...(text ? [{ type: 'TextBlock', text, wrap: true, isSubtle: true }] : []),
  ];
  return adaptive(body, [{ type: 'Action.OpenUrl', title: 'Open in Parley', url: links.openUrl }]);
}

/** A question back: what the app asks, its title and one Action.Submit per choice, whose data the bot answers. */
export function choicesCard(prompt: TPrompt, question?: string): TeamsAttachment {
  const asked = question ? plainText(question) : '';
  const body = [
    ...(asked ? [{ type: 'TextBlock', text: asked, wrap: true }] : []),
    { type: 'TextBlock', text: prompt.title, weight: 'Bolder', wrap: true },
    ...(prompt.subtitle ? [{ type: 'TextBlock', text: prompt.subtitle, isSubtle: true, wrap: true }] : []),
  ];
  const actions = prompt.items.slice(0, MAX_CHOICES).map((item) => ({
    type: 'Action.Submit',
    title: item.title,
    data: { parley: 'choice', phrase: item.phrase },
  }));
  return adaptive(body, actions);
}

/** One conversation response as a Teams message: a card, a question back, or text. */
export function responseMessage(
  response: TConversationResponse,
  links: (card: TCard) => CardLinks,
): TeamsOutgoing | null {
  if (response.card)
    return { type: 'message', attachments: [answerCard(response.card, links(response.card))] };
  if (response.prompt) return { type: 'message', attachments: [choicesCard(response.prompt, response.text)] };
  if (response.text) return { type: 'message', text: plainText(response.text), textFormat: 'plain' };
  return null;
}

/** The sign-in prompt: an OAuthCard for the bot's connection, its button the token service's link. */
export function signInMessage(resource: SignInResource, connectionName: string, text: string): TeamsOutgoing {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.oauth',
        content: {
          text,
          connectionName,
          ...(resource.tokenExchangeResource
            ? { tokenExchangeResource: resource.tokenExchangeResource }
            : {}),
          ...(resource.tokenPostResource ? { tokenPostResource: resource.tokenPostResource } : {}),
          buttons: [{ type: 'signin', title: 'Sign in to Parley', value: resource.signInLink }],
        },
      },
    ],
  };
}

/** A plain text message. */
export const textMessage = (text: string): TeamsOutgoing => ({ type: 'message', text, textFormat: 'plain' });
