import type { TCard, TConversationQueryBody, TConversationQueryResponse } from '@parley/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../../lib/access';
import { DomainError } from '../../../lib/errors';
import type { AssistantAccess, AssistantPrincipal } from '../assistant-access';
import {
  choiceOf,
  type TeamsActivity,
  type TeamsOutgoing,
  type TeamsTurnAnswer,
  textForBot,
} from './activity';
import { responseMessage, signInMessage, textMessage } from './adaptive-cards';
import type { AssistantChatsRepository } from './assistant-chats.repository';
import type { BotConnector, ConversationAddress } from './bot-connector';

/** The signed chart image of a card (modules/assistants/chart-images.ts), or null for none. */
/** The signed chart-image link of an answered question (modules/assistants/chart-images.ts). */
export type ChartImageUrl = (owner: Actor, questionId: string) => string | null;

export interface TeamsBotOptions {
  connectionName: string;
  /** The bot's app id, named in the sign-in state. */
  appId: string;
  publicUrl: string;
  /** The resource Teams tokens are bound to: assistantResources(PUBLIC_URL).assistants. */
  resource: string;
}

export interface TeamsBotDeps {
  connector: Pick<BotConnector, 'reply' | 'getToken' | 'signInResource' | 'signOut'>;
  access: AssistantAccess;
  conversations: { query(actor: Actor, body: TConversationQueryBody): Promise<TConversationQueryResponse> };
  chats: Pick<AssistantChatsRepository, 'upsert' | 'remove'>;
  options: TeamsBotOptions;
  chartImageUrl?: ChartImageUrl;
  log: FastifyBaseLogger;
  clock: () => Date;
}

/** A Teams user signed in to Parley: the link they act through and the actor it stands for. */
interface SignedIn {
  principal: AssistantPrincipal;
  actor: Actor;
}

const SIGN_OUT = /^(sign ?out|log ?out)[.!]?$/i;
const HOW =
  'Ask me about your data — "revenue last month", "top 5 products by sales" — and I\'ll answer with a card. Say "sign out" to sign out.';
const WELCOME = `Hi, I'm Parley. ${HOW}`;

/**
 * The Teams bot's turns (Bot Framework protocol): messages in personal chats and @mentions in
 * channels answered as Adaptive Cards, sign-in through the token service's OAuthCard and the
 * `signin/verifyState` invoke, sign-out on request, and a welcome when the bot is added.
 * Messages are answered through the connector after the POST has been acknowledged.
 */
export class TeamsBot {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly deps: TeamsBotDeps) {}

  /** Handles one activity the connector signed; answers the POST's status (and an invoke's body). */
  async receive(activity: TeamsActivity): Promise<TeamsTurnAnswer> {
    switch (activity.type) {
      case 'message':
        this.later(activity, () => this.onMessage(activity));
        return { status: 202 };
      case 'conversationUpdate':
        if (activity.membersAdded?.some((m) => m.id === activity.recipient.id)) {
          this.later(activity, () => this.deps.connector.reply(activity, textMessage(WELCOME)));
        }
        return { status: 202 };
      case 'invoke':
        return this.onInvoke(activity);
      default:
        return { status: 200 };
    }
  }

  /** Resolves once every turn started so far has finished (shutdown, tests). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  private later(activity: TeamsActivity, work: () => Promise<void>): void {
    const run = work()
      .catch((err) => this.deps.log.warn({ err, channel: activity.channelId }, 'teams turn failed'))
      .finally(() => this.pending.delete(run));
    this.pending.add(run);
  }

  private async onInvoke(activity: TeamsActivity): Promise<TeamsTurnAnswer> {
    if (activity.name === 'signin/verifyState') {
      const state = (activity.value as { state?: unknown } | undefined)?.state;
      if (typeof state !== 'string' || !state || state.length > 512) return { status: 400 };
      const token = await this.deps.connector.getToken(activity.from.id, activity.channelId, state);
      const signed = token ? await this.signedIn(activity, token) : null;
      if (!signed) return { status: 404 };
      await this.deps.connector.reply(activity, textMessage(`You're signed in to Parley. ${HOW}`));
      return { status: 200 };
    }
    if (activity.name === 'signin/tokenExchange') {
      // No Teams SSO: the documented answer sends Teams back to the OAuthCard's sign-in button.
      const id = (activity.value as { id?: unknown } | undefined)?.id;
      return {
        status: 412,
        body: {
          id: typeof id === 'string' ? id : '',
          connectionName: this.deps.options.connectionName,
          failureDetail: 'The bot does not exchange tokens; sign in with the button.',
        },
      };
    }
    return { status: 501 };
  }

  private async onMessage(activity: TeamsActivity): Promise<void> {
    const phrase = choiceOf(activity) ?? textForBot(activity);
    if (phrase === null) return; // a channel message not addressed to the bot
    const { connector } = this.deps;
    const token = await connector.getToken(activity.from.id, activity.channelId);
    const signed = token ? await this.signedIn(activity, token) : null;
    if (SIGN_OUT.test(phrase)) {
      if (signed) await this.deps.chats.remove(signed.actor.userId, activity.conversation.id);
      await connector.signOut(activity.from.id, activity.channelId);
      return void (await connector.reply(activity, textMessage("You're signed out of Parley in Teams.")));
    }
    if (!signed) {
      const why = token ? 'Your Parley link has expired or was revoked. ' : '';
      return this.promptSignIn(activity, `${why}Sign in to Parley to ask about your data.`);
    }
    if (!phrase) return void (await connector.reply(activity, textMessage(WELCOME)));
    await this.ask(activity, signed, phrase);
  }

  /** The Parley user behind a token, or null after signing the Teams user out of a dead token. */
  private async signedIn(activity: TeamsActivity, token: string): Promise<SignedIn | null> {
    const principal = await this.deps.access.verify(token, { resource: this.deps.options.resource });
    const actor = 'refused' in principal ? null : await this.deps.access.actor(principal);
    if ('refused' in principal || !actor) {
      await this.deps.connector.signOut(activity.from.id, activity.channelId);
      return null;
    }
    await this.deps.chats.upsert(
      { userId: actor.userId, grantId: principal.grantId, address: addressOf(activity) },
      this.deps.clock(),
    );
    return { principal, actor };
  }

  private async promptSignIn(activity: TeamsActivity, text: string): Promise<void> {
    const { appId, connectionName } = this.deps.options;
    // The token service's state: the conversation reference it signs the user in for (base64 JSON).
    const state = Buffer.from(
      JSON.stringify({
        connectionName,
        conversation: {
          activityId: activity.id,
          user: activity.from,
          bot: activity.recipient,
          conversation: activity.conversation,
          channelId: activity.channelId,
          locale: activity.locale,
          serviceUrl: activity.serviceUrl,
        },
        relatesTo: activity.relatesTo,
        msAppId: appId,
      }),
    ).toString('base64');
    const resource = await this.deps.connector.signInResource(state);
    await this.deps.connector.reply(activity, signInMessage(resource, connectionName, text));
  }

  private async ask(activity: TeamsActivity, signed: SignedIn, phrase: string): Promise<void> {
    let messages: TeamsOutgoing[];
    try {
      const { responses } = await this.deps.conversations.query(signed.actor, {
        phrase,
        created: Date.now(),
      });
      messages = responses
        .map((r) => responseMessage(r, () => this.links(signed.actor, r.question_id, r.phrase, activity)))
        .filter((m): m is TeamsOutgoing => m !== null);
    } catch (err) {
      // Quotas, a source that is gone, a question too long: the reason as the app would say it.
      if (!(err instanceof DomainError)) throw err;
      messages = [textMessage(err.message)];
    }
    if (!messages.length) messages = [textMessage("I couldn't find an answer to that.")];
    for (const message of messages) await this.deps.connector.reply(activity, message);
  }

  private links(actor: Actor, questionId: string | undefined, phrase: string, activity: TeamsActivity) {
    const base = this.deps.options.publicUrl.replace(/\/+$/, '');
    return {
      chartUrl: questionId ? (this.deps.chartImageUrl?.(actor, questionId) ?? null) : null,
      // The conversation screen asks ?q= once on arrival: the card opens in Parley, in the user's history.
      openUrl: `${base}/conversation?q=${encodeURIComponent(phrase)}`,
      locale: activity.locale,
    };
  }
}

/** The conversation reference of an activity the connector signed: where proactive messages go. */
export function addressOf(activity: TeamsActivity): ConversationAddress {
  return {
    serviceUrl: activity.serviceUrl,
    channelId: activity.channelId,
    conversation: activity.conversation,
    bot: activity.recipient,
    user: activity.from,
  };
}
