import type { FastifyBaseLogger } from 'fastify';
import type { DigestChannel, DigestDelivery } from '../../digests/digest-channel';
import { answerCard, textMessage } from './adaptive-cards';
import type { AssistantChatsRepository } from './assistant-chats.repository';
import type { BotConnector } from './bot-connector';

/** Cards of one digest posted at most (the rest are one click away in the collection). */
const MAX_CARDS = 10;

export interface TeamsDigestsDeps {
  connector: Pick<BotConnector, 'send'>;
  chats: Pick<AssistantChatsRepository, 'findDigestChats'>;
  log: FastifyBaseLogger;
}

/**
 * Digests to the user's Teams chats that want them: proactive messages
 * (https://learn.microsoft.com/microsoftteams/platform/bots/how-to/conversations/send-proactive-messages)
 * to the conversation reference kept from the user's last message there.
 */
export class TeamsDigests implements DigestChannel {
  readonly name = 'teams';

  constructor(private readonly deps: TeamsDigestsDeps) {}

  async deliver(digest: DigestDelivery): Promise<void> {
    const chats = await this.deps.chats.findDigestChats(digest.userId);
    for (const chat of chats) {
      try {
        await this.deps.connector.send(
          chat.address,
          textMessage(`Your digest of ${digest.collectionName}: ${digest.openUrl}`),
        );
        for (const response of digest.responses.slice(0, MAX_CARDS)) {
          if (!response.card) continue;
          // A collection card is no history item, which is what a chart link names: the mailed digest has the chart.
          const card = answerCard(response.card, { chartUrl: null, openUrl: digest.openUrl });
          await this.deps.connector.send(chat.address, { type: 'message', attachments: [card] });
        }
      } catch (err) {
        // One chat the bot was removed from must not keep the others from their digest.
        this.deps.log.warn({ err, chat: chat.id }, 'teams digest not delivered');
      }
    }
  }
}
