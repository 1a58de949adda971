import type { FastifyBaseLogger } from 'fastify';
import type { AlertChannel, AlertDelivery } from '../../alerts/alert-channel';
import { textMessage } from './adaptive-cards';
import type { AssistantChatsRepository } from './assistant-chats.repository';
import type { BotConnector } from './bot-connector';

export interface TeamsAlertsDeps {
  connector: Pick<BotConnector, 'send'>;
  chats: Pick<AssistantChatsRepository, 'findDigestChats'>;
  log: FastifyBaseLogger;
}

/**
 * Alert notices to the user's Teams chats that take their digests (one opt-in on Linked
 * assistants for both), as a proactive message: the title, the lines, the link to the card.
 */
export class TeamsAlerts implements AlertChannel {
  readonly name = 'teams';

  constructor(private readonly deps: TeamsAlertsDeps) {}

  async deliver(notice: AlertDelivery): Promise<void> {
    const text = [notice.title, ...notice.lines, notice.openUrl].join('\n\n');
    for (const chat of await this.deps.chats.findDigestChats(notice.userId)) {
      try {
        await this.deps.connector.send(chat.address, textMessage(text));
      } catch (err) {
        // One chat the bot was removed from must not keep the others from the notice.
        this.deps.log.warn({ err, chat: chat.id }, 'teams alert not delivered');
      }
    }
  }
}
