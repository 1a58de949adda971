/**
 * The Alexa custom skill (DESIGN §12), English only: launch, the ask intent, help, stop/cancel,
 * fallback and session end. A question is asked as the linked user through the conversation
 * service — the screen's path, so history is recorded and follow-ups keep context — and answered
 * as speech written for the ear with a Standard card; a question back keeps its choices in the
 * session. Requests reach it verified (alexa-request-verifier.ts).
 */
import type {
  TConversationQueryBody,
  TConversationQueryResponse,
  TConversationResponse,
} from '@parley/contract';
import { cardSpeech, promptSpeech, toSsml } from '@parley/presenter';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../../lib/access';
import { DomainError } from '../../../lib/errors';
import type { AssistantAccess } from '../assistant-access';
import { pendingChoices, pickChoice } from './alexa-choices';
import { type AlexaEnvelope, type AlexaResponseEnvelope, accessTokenOf, reply } from './alexa-envelope';

/** Alexa waits 8 s for an answer; past this budget the skill says it is still working instead. */
export const ALEXA_ANSWER_BUDGET_MS = 6000;

export const ASK_INTENT = 'AskIntent';
export const QUESTION_SLOT = 'question';

const SAY = {
  welcome: 'Welcome to Parley. Ask me about your data, for example: what was revenue last month?',
  welcomeReprompt: 'What would you like to know?',
  help: 'Ask a question about your data, such as: revenue by region last month, or orders by channel this year. Then ask a follow-up, like: only EMEA. Say stop when you are done.',
  goodbye: 'Goodbye.',
  fallback: "Sorry, I didn't catch a question there. Try asking: what was revenue last month?",
  link: 'To answer questions about your data, link your Parley account. I sent a card to the Alexa app to do that.',
  followUp: 'You can ask a follow-up, or say stop.',
  noQuestion: 'What would you like to know?',
  slow: 'That one is taking a moment. Please ask me again in a few seconds and I will have it.',
  upstream: "Sorry, your data source didn't answer just now. Please try again in a minute.",
  source: "Sorry, I couldn't use your data source. Please check it in Parley.",
  broken: 'Sorry, something went wrong on our side. Please try again.',
};

/** What the skill is built from: the access check, the conversation path, the chart links. */
export interface AlexaSkillDeps {
  access: AssistantAccess;
  conversations: { query(actor: Actor, body: TConversationQueryBody): Promise<TConversationQueryResponse> };
  /** The resource Alexa's tokens are bound to (assistantResources(PUBLIC_URL).assistants). */
  resource: string;
  /** A signed image link for an answered card's chart, or null without one. */
  chartUrl: (actor: Actor, questionId: string) => string | null;
  log: FastifyBaseLogger;
  /** How long a question may take before the skill says it is still working (default 6 s). */
  budgetMs?: number;
}

const speak = (text: string, reprompt?: string, attributes?: Record<string, unknown>) =>
  reply({ ssml: toSsml(text), reprompt: reprompt === undefined ? undefined : toSsml(reprompt), attributes });

/** Answers verified Alexa requests. */
export class AlexaSkill {
  constructor(private readonly deps: AlexaSkillDeps) {}

  /** The response to one request; null for SessionEndedRequest, which takes none. */
  async handle(envelope: AlexaEnvelope): Promise<AlexaResponseEnvelope | null> {
    const { request } = envelope;
    switch (request.type) {
      case 'SessionEndedRequest':
        return null;
      case 'LaunchRequest':
        return (await this.actor(envelope)) ? speak(SAY.welcome, SAY.welcomeReprompt) : linkAccount();
      case 'IntentRequest':
        return this.intent(envelope);
      default:
        return speak(SAY.fallback, SAY.noQuestion);
    }
  }

  private async intent(envelope: AlexaEnvelope): Promise<AlexaResponseEnvelope> {
    const intent = envelope.request.intent;
    switch (intent?.name) {
      case 'AMAZON.HelpIntent':
        return speak(SAY.help, SAY.noQuestion);
      case 'AMAZON.StopIntent':
      case 'AMAZON.CancelIntent':
        return speak(SAY.goodbye);
      case ASK_INTENT: {
        const question = intent.slots?.[QUESTION_SLOT]?.value?.trim();
        return question ? this.ask(envelope, question) : speak(SAY.noQuestion, SAY.noQuestion);
      }
      default: {
        // A bare "the second one" may land here while choices are pending.
        const choices = pendingChoices(envelope.session?.attributes);
        const said = Object.values(intent?.slots ?? {}).find((s) => s.value)?.value;
        if (choices.length && said) return this.ask(envelope, said);
        return speak(SAY.fallback, SAY.noQuestion);
      }
    }
  }

  /** The linked user, or null when the token is missing, expired, revoked or for another resource. */
  private async actor(envelope: AlexaEnvelope): Promise<Actor | null> {
    const principal = await this.deps.access.verify(accessTokenOf(envelope), {
      resource: this.deps.resource,
    });
    if ('refused' in principal) return null;
    return this.deps.access.actor(principal);
  }

  /** Asks a question (or the pending choice it picks) as the linked user, within the time budget. */
  private async ask(envelope: AlexaEnvelope, said: string): Promise<AlexaResponseEnvelope> {
    const actor = await this.actor(envelope);
    if (!actor) return linkAccount();
    const picked = pickChoice(pendingChoices(envelope.session?.attributes), said);
    const phrase = (picked?.phrase ?? said).slice(0, 500);
    const asked = this.deps.conversations.query(actor, { phrase, created: Date.now() });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), this.deps.budgetMs ?? ALEXA_ANSWER_BUDGET_MS);
    });
    try {
      const answer = await Promise.race([asked, late]);
      // The answer still lands in history and the answer cache, so asking again is quick.
      if (answer === 'late') {
        asked.catch((err) =>
          this.deps.log.warn({ err }, 'alexa: a question answered after its budget failed'),
        );
        return speak(SAY.slow, SAY.noQuestion);
      }
      return this.answer(actor, answer.responses);
    } catch (err) {
      return this.refusal(err);
    } finally {
      clearTimeout(timer);
    }
  }

  private answer(actor: Actor, responses: readonly TConversationResponse[]): AlexaResponseEnvelope {
    const withCard = responses.find((r) => r.card);
    if (withCard?.card) {
      const { text, ssml } = cardSpeech(withCard.card);
      const image = withCard.question_id ? this.deps.chartUrl(actor, withCard.question_id) : null;
      return reply({
        ssml,
        reprompt: toSsml(SAY.followUp),
        card: {
          type: 'Standard',
          title: withCard.card.title,
          text,
          ...(image ? { image: { smallImageUrl: image, largeImageUrl: image } } : {}),
        },
      });
    }
    const prompt = responses.find((r) => r.prompt)?.prompt;
    if (prompt?.items.length) {
      const choices = prompt.items.slice(0, 3).map((i) => ({ title: i.title, phrase: i.phrase }));
      const said = promptSpeech(prompt);
      const lead = responses.find((r) => r.text)?.text;
      const text = lead ? `${stripHtml(lead)} ${said.text}` : said.text;
      return reply({ ssml: toSsml(text), reprompt: said.ssml, attributes: { choices } });
    }
    const text = responses.map((r) => stripHtml(r.text ?? '')).find(Boolean) ?? SAY.fallback;
    return speak(text, SAY.followUp);
  }

  /** Quota and plan refusals in their own words; source failures as an honest sentence. */
  private refusal(err: unknown): AlexaResponseEnvelope {
    if (!(err instanceof DomainError)) {
      this.deps.log.error({ err }, 'alexa: a question failed');
      return speak(SAY.broken);
    }
    switch (err.kind) {
      case 'quota':
      case 'forbidden':
      case 'rate-limited':
        return speak(stripHtml(err.message));
      case 'upstream':
      case 'unavailable':
        return speak(SAY.upstream);
      case 'not-found':
      case 'invalid':
        return speak(SAY.source);
      default:
        this.deps.log.warn({ err }, 'alexa: a question was refused');
        return speak(SAY.broken);
    }
  }
}

/** The account-linking prompt: a LinkAccount card in the Alexa app and a spoken instruction. */
export function linkAccount(): AlexaResponseEnvelope {
  return reply({ ssml: toSsml(SAY.link), card: { type: 'LinkAccount' } });
}

const stripHtml = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
