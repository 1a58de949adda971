/**
 * The parts of a Bot Framework activity the bot reads
 * (https://learn.microsoft.com/azure/bot-service/rest-api/bot-framework-rest-connector-api-reference#activity-object),
 * checked after the connector's token: anything else the connector sends is passed over.
 */
import { z } from 'zod';

const ZAccount = z.object({ id: z.string().min(1).max(512), name: z.string().max(512).optional() });

export const ZTeamsActivity = z.object({
  type: z.string().max(64),
  id: z.string().max(512).optional(),
  name: z.string().max(128).optional(),
  channelId: z.string().min(1).max(64),
  serviceUrl: z.url(),
  from: ZAccount,
  recipient: ZAccount,
  conversation: z.object({
    id: z.string().min(1).max(1024),
    conversationType: z.string().max(64).optional(),
    tenantId: z.string().max(128).optional(),
  }),
  text: z.string().max(8_000).optional(),
  value: z.unknown().optional(),
  locale: z.string().max(32).optional(),
  relatesTo: z.unknown().optional(),
  entities: z.array(z.record(z.string(), z.unknown())).max(50).optional(),
  membersAdded: z.array(ZAccount).max(500).optional(),
});
export type TeamsActivity = z.infer<typeof ZTeamsActivity>;

/** An attachment the bot sends: an Adaptive Card or an OAuthCard. */
export interface TeamsAttachment {
  contentType: string;
  content: unknown;
}

/** What the bot sends; the connector client adds from, recipient and conversation. */
export interface TeamsOutgoing {
  type: 'message';
  text?: string;
  textFormat?: 'plain' | 'markdown';
  attachments?: TeamsAttachment[];
}

/** The answer to the connector's POST: its status and, for invokes, the invoke response body. */
export interface TeamsTurnAnswer {
  status: number;
  body?: unknown;
}

/**
 * The text the user wrote to the bot: in a personal chat all of it; in a channel or group chat
 * only a message that @mentions the bot, without the mention; null when it is not for the bot.
 */
export function textForBot(activity: TeamsActivity): string | null {
  const text = activity.text ?? '';
  const personal = (activity.conversation.conversationType ?? 'personal') === 'personal';
  if (personal) return text.trim();
  const mention = activity.entities?.find(
    (e) =>
      e.type === 'mention' &&
      typeof e.mentioned === 'object' &&
      e.mentioned !== null &&
      (e.mentioned as { id?: unknown }).id === activity.recipient.id,
  );
  if (!mention) return null;
  const said = typeof mention.text === 'string' ? mention.text : '';
  return (said ? text.split(said).join(' ') : text)
    .replace(/<\/?at>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A personal chat, channel or group message that is meant for the bot. */
export function isForBot(activity: TeamsActivity): boolean {
  return textForBot(activity) !== null || choiceOf(activity) !== null;
}

/** The phrase of a question-back button the user pressed (an Action.Submit's data), or null. */
export function choiceOf(activity: TeamsActivity): string | null {
  const value = activity.value as { parley?: unknown; phrase?: unknown } | undefined;
  if (value?.parley !== 'choice' || typeof value.phrase !== 'string') return null;
  const phrase = value.phrase.trim();
  return phrase && phrase.length <= 500 ? phrase : null;
}
