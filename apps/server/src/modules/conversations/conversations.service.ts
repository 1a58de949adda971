import { randomUUID } from 'node:crypto';
import { DEMO_DESCRIPTOR, traced } from '@parley/connectors';
import {
  DEMO_DATASOURCE_ID,
  type TCard,
  type TConversationHistory,
  type TConversationItem,
  type TConversationQueryBody,
  type TConversationQueryResponse,
  type TConversationResponse,
  type TEmailCardBody,
  type TFavourites,
  type TFeedbackBody,
  type TSemanticQuery,
  type TSuggestions,
} from '@parley/contract';
import type { TLearnedChoice } from '@parley/engine';
import type { AccessPolicy, AccessRequirement, Actor } from '../../lib/access';
import { Invalid, NotFound, Unavailable, UpstreamFailed } from '../../lib/errors';
import { approximateBytes, Lru } from '../../lib/lru';
import { startOfDayIn } from '../../lib/time';
import type { MailService } from '../../mail/mail.service';
import type { AnswerService, AnswerSource, AskContext, AskResult } from '../answers/answers.service';
import type { VerifiedIndex } from '../answers/pinned-answers';
import { aiInsightsQuota } from '../billing/ai-insights';
import type { SourceResolver } from '../datasources/source-resolver';
import type { SynonymsService } from '../synonyms/synonyms.service';
import { readerCsv } from './card-csv';
import { CARD_CHART_CID, cardMail } from './card-mail';
import type { ConversationItemRow, ConversationsRepository } from './conversations.repository';
import { HistoryWriter } from './history-writer';

const FAVOURITES_SHOWN = 4;

/** What ConversationsService is built with. */
export interface ConversationsDeps {
  repo: ConversationsRepository;
  answers: AnswerService;
  sources: SourceResolver;
  access: AccessPolicy;
  mail: MailService;
  /** The product's name in e-mailed cards (BRAND_NAME). */
  brand: string;
  clock: () => Date;
  synonyms: SynonymsService;
  /** Writes history: journalled under DATA_DIR (embedded mode) or committed before answering (server mode, the default). */
  history?: HistoryWriter;
  /**
   * How long this process trusts its copy of a conversation's follow-up context. Its own
   * questions update the copy at once; a question answered by another process sharing the
   * database is seen after this time, so it is short when several processes share PostgreSQL.
   */
  contextMs?: number;
  /** At most this many follow-up contexts are kept, and this many bytes of them (estimated). */
  contexts?: { entries: number; bytes: number };
  /** The asker's verified questions of a source (modules/verified), answered first. */
  verified?: (actor: Actor, source: AnswerSource) => Promise<VerifiedIndex | null>;
}

/** The follow-up context of one (user, project, source), kept beside the session. */
interface FollowUpContext {
  /** The latest answered query and when it was asked (at least); null when none is known. */
  previous: { query: TSemanticQuery; at: Date } | null;
  /** The latest item's question-back choices (learned synonyms), or null. */
  choices: Record<string, TLearnedChoice> | null;
  expires: number;
}

/** Follow-up contexts kept: by count, and by their estimated bytes (a query with long filters is larger). */
const CONTEXTS_KEPT = 10_000;
const CONTEXTS_BYTES = 16 * 2 ** 20;

/** Questions, history, favourites, feedback and CSV export of the conversation screen. */
export class ConversationsService {
  private readonly repo: ConversationsRepository;
  private readonly answers: AnswerService;
  private readonly sources: SourceResolver;
  private readonly access: AccessPolicy;
  private readonly mail: MailService;
  private readonly brand: string;
  private readonly clock: () => Date;
  private readonly synonyms: SynonymsService;
  private readonly historyWriter: HistoryWriter;
  private readonly contextMs: number;
  /** By user, project and source; the least recently used go first. */
  private readonly contexts: Lru<FollowUpContext>;
  private readonly verified: ConversationsDeps['verified'];

  constructor(deps: ConversationsDeps) {
    this.repo = deps.repo;
    this.answers = deps.answers;
    this.sources = deps.sources;
    this.access = deps.access;
    this.mail = deps.mail;
    this.brand = deps.brand;
    this.clock = deps.clock;
    this.synonyms = deps.synonyms;
    this.historyWriter =
      deps.history ?? new HistoryWriter({ repo: deps.repo, journalDir: null, log: console });
    this.contextMs = deps.contextMs ?? 5_000;
    this.verified = deps.verified;
    const bounds = deps.contexts ?? { entries: CONTEXTS_KEPT, bytes: CONTEXTS_BYTES };
    this.contexts = new Lru(bounds.entries, {
      maxBytes: bounds.bytes,
      sizeOf: (context) => approximateBytes(context),
    });
  }

  /** At start: stores the history a stopped process journalled but never stored. */
  replayHistory(): Promise<number> {
    return this.historyWriter.replay();
  }

  /** Resolves when the history written so far is in the database (tools and tests reading it directly). */
  historySettled(maxMs?: number): Promise<void> {
    return this.historyWriter.settled(maxMs);
  }

  /** At shutdown: stores queued history (what cannot be stored stays journalled). */
  closeHistory(): Promise<void> {
    return this.historyWriter.close();
  }

  private requireConversations(actor: Actor, need: Omit<AccessRequirement, 'feature'> = {}): Promise<void> {
    return this.access.requireAccess(actor, { feature: 'CONVERSATIONS', ...need });
  }

  /**
   * Answers a question, refining the previous one of today's conversation when it is a follow-up;
   * with a `query` (a reading chosen on a card's chips), answers that query instead of parsing.
   */
  query(asker: Actor, body: TConversationQueryBody): Promise<TConversationQueryResponse> {
    return traced('conversation.query', {}, () => this.answer(asker, body));
  }

  /** The question's answer, durable in history before it is returned. */
  private async answer(asker: Actor, body: TConversationQueryBody): Promise<TConversationQueryResponse> {
    // A chosen query is checked before the question counts against the plan.
    await this.requireConversations(asker, body.query ? {} : { quota: 'conversations' });
    // The named source (the asker's own, active) or their default; 404 / 400 otherwise.
    const source = await this.sources.resolve(asker, body.datasource_id ?? null);
    let result: AskResult;
    if (body.query) {
      const why = this.answers.compileError(source, body.query, asker);
      if (why) throw new Invalid(`Invalid field query: ${why}`);
      await this.requireConversations(asker, { quota: 'conversations' });
      result = await this.answers.answerQuery(source, body.query, body.phrase, this.askContext(asker, null));
    } else result = await this.askPhrase(asker, source, body.phrase);
    const id = randomUUID();
    const responses = result.responses.map((r) => (r.card ? { ...r, question_id: id } : r));
    const createdAt = this.clock();
    this.keepContext(asker, source.id, result.semantic, createdAt, result.learn ?? null);
    // Durable before answering: journalled and stored just after (embedded mode), or committed (server mode).
    await this.historyWriter.write(asker, {
      id,
      created: body.created,
      phrase: body.phrase,
      event: body.event ?? null,
      datasourceId: source.id,
      responses,
      semantic: result.semantic,
      error: null,
      createdAt,
      learn: result.learn ?? null,
    });
    return { responses };
  }

  /** A typed question: the follow-up context, a picked choice's word learned, the owner's verified questions first. */
  private async askPhrase(asker: Actor, source: AnswerSource, phrase: string): Promise<AskResult> {
    const since = startOfDayIn(asker.timezone, this.clock());
    const { previous, choices } = await this.followUpContext(asker, source.id, since);
    // Picking a choice of a question back teaches its unknown word to the project.
    const picked = choices ? findChoice(choices, phrase) : null;
    if (picked) await this.synonyms.learn(asker, source, picked);
    const context = this.askContext(asker, previous);
    context.verified = (await this.verified?.(asker, source)) ?? null;
    return this.answers.ask(source, phrase, context);
  }

  private askContext(asker: Actor, previous: TSemanticQuery | null): AskContext {
    return {
      timezone: asker.timezone,
      language: asker.language,
      previous,
      aiInsights: aiInsightsQuota(this.access, asker),
    };
  }

  /** The base of a follow-up and the last question back's choices: this process's copy, else the database's. */
  private async followUpContext(
    asker: Actor,
    sourceId: string,
    since: Date,
  ): Promise<{ previous: TSemanticQuery | null; choices: Record<string, TLearnedChoice> | null }> {
    const key = contextKey(asker, sourceId);
    let context = this.contexts.get(key);
    if (!context || context.expires <= performance.now()) {
      this.contexts.delete(key);
      // Items still on their way to the database are part of it.
      await this.historyWriter.settled();
      const [previous, choices] = await Promise.all([
        // A follow-up refines the previous question about the same source only.
        this.repo.findLastSemantic(asker, since, sourceId),
        this.repo.findLastChoices(asker, sourceId),
      ]);
      context = {
        // Asked today at least: a copy read today stops being a base tomorrow.
        previous: previous ? { query: previous, at: since } : null,
        choices,
        expires: performance.now() + this.contextMs,
      };
      // A question answered while this was read already left a newer copy.
      if (!this.contexts.has(key)) this.contexts.set(key, context);
    }
    return {
      previous: context.previous && context.previous.at >= since ? context.previous.query : null,
      choices: context.choices,
    };
  }

  /** Updates the copy with the question just answered (it is the latest item). */
  private keepContext(
    asker: Actor,
    sourceId: string,
    semantic: TSemanticQuery | null,
    at: Date,
    choices: Record<string, TLearnedChoice> | null,
  ): void {
    const key = contextKey(asker, sourceId);
    const current = this.contexts.get(key);
    const known = current && current.expires > performance.now() ? current : null;
    // An unanswered question keeps the previous base; without a fresh copy that base is not known here.
    const previous = semantic ? { query: semantic, at } : known ? known.previous : undefined;
    if (previous === undefined) {
      this.contexts.delete(key);
      return;
    }
    this.contexts.set(key, { previous, choices, expires: performance.now() + this.contextMs });
  }

  async history(
    asker: Actor,
    q: { before?: number; limit: number; scope: 'today' | 'all' },
  ): Promise<TConversationHistory> {
    await this.requireConversations(asker);
    await this.historyWriter.settled();
    const rows = await this.repo.listItems(asker, {
      before: q.before,
      since: q.scope === 'today' ? startOfDayIn(asker.timezone, this.clock()) : undefined,
      limit: q.limit + 1,
    });
    return { items: rows.slice(0, q.limit).map(toItem), has_more: rows.length > q.limit };
  }

  async favourites(asker: Actor): Promise<TFavourites> {
    await this.requireConversations(asker);
    await this.historyWriter.settled();
    return this.repo.favourites(asker, FAVOURITES_SHOWN);
  }

  /**
   * Starter questions of the empty conversation, in the asker's language: about the given source,
   * else the asker's default (pickDefault). Empty when there is no source yet or it cannot answer now.
   */
  async suggestions(asker: Actor, datasourceId?: string): Promise<TSuggestions> {
    await this.requireConversations(asker);
    const source = await this.sources.resolve(asker, datasourceId ?? null).catch((error: unknown) => {
      if (error instanceof Invalid || error instanceof Unavailable) return null;
      throw error;
    });
    if (!source) return { suggestions: [], datasource: null };
    const name = source.id === DEMO_DATASOURCE_ID ? DEMO_DESCRIPTOR.name : source.model.name;
    return {
      suggestions: this.answers.suggestions(source, asker.language),
      datasource: { id: source.id, name },
    };
  }

  async feedback(asker: Actor, body: TFeedbackBody): Promise<string> {
    await this.requireConversations(asker);
    const flags = body.fields
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
    if (flags.length > 10 || flags.some((f) => f.length > 50))
      throw new Invalid('Invalid field fields: too many or too long flags');
    if (body.data !== undefined && JSON.stringify(body.data).length > 200_000) {
      throw new Invalid('Invalid field data: the shared card data is too large');
    }
    return this.repo.insertFeedback(asker, {
      sentiment: body.sentiment,
      message: body.message,
      flags,
      data: body.data ?? null,
      phrase: body.phrase,
    });
  }

  /**
   * The first card of one of the owner's answered questions, for a signed link that names the
   * owner (an assistant's chart image); 404 for anything else.
   */
  ownedCard(owner: Pick<Actor, 'userId' | 'projectId'>, id: string): Promise<TCard> {
    return this.getCard(owner, id);
  }

  /** The first card of one of the asker's answered questions; 404 for anything else. */
  private async getCard(asker: Pick<Actor, 'userId' | 'projectId'>, id: string): Promise<TCard> {
    if (/^[0-9a-f-]{36}$/i.test(id)) await this.historyWriter.settled();
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await this.repo.findItem(asker, id) : null;
    const card = (row?.responses as TConversationResponse[] | undefined)?.find((r) => r.card)?.card;
    if (!row || !card) throw new NotFound('Question not found!');
    return card;
  }

  /** The card's table as CSV (spec 2 §7's renamed headers), named and dated as the web's download. */
  async csv(asker: Actor, id: string): Promise<{ filename: string; csv: string }> {
    await this.requireConversations(asker);
    return readerCsv(await this.getCard(asker, id), asker.language);
  }

  /**
   * Mails a card to the asker: HTML with the chart image inline and the table, plus a text part.
   * Queued: the mail job delivers it (with retries), so the answer waits only for the queue.
   */
  async emailCard(asker: Actor, body: TEmailCardBody): Promise<void> {
    await this.requireConversations(asker);
    const card = await this.getCard(asker, body.question_id);
    const image = body.image ? Buffer.from(body.image.slice(body.image.indexOf(',') + 1), 'base64') : null;
    if (image && !isPng(image)) throw new Invalid('Invalid field image: not a PNG image');
    const mail = cardMail(this.brand, card, image !== null, {
      language: asker.language,
      timeZone: asker.timezone,
    });
    try {
      await this.mail.enqueue({
        to: asker.email,
        ...mail,
        attachments: image
          ? [{ filename: 'chart.png', content: image, contentType: 'image/png', cid: CARD_CHART_CID }]
          : [],
      });
    } catch {
      throw new UpstreamFailed('Failed to send email! Please try again shortly.');
    }
  }
}

const contextKey = (owner: Actor, sourceId: string) =>
  `${owner.userId}\u0000${owner.projectId}\u0000${sourceId}`;

/** The choice a phrase picks (the prompt's buttons ask the choice's phrase), or null. */
function findChoice<T>(choices: Record<string, T>, phrase: string): T | null {
  const key = (p: string) => p.trim().replace(/\s+/g, ' ').toLowerCase();
  const wanted = key(phrase);
  const hit = Object.entries(choices).find(([choice]) => key(choice) === wanted);
  return hit ? hit[1] : null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const isPng = (b: Buffer) => b.length > 8 && b.subarray(0, 8).equals(PNG_SIGNATURE);

function toItem(row: ConversationItemRow): TConversationItem {
  return {
    id: row.id,
    query: { created: row.created, phrase: row.phrase, event: row.event },
    responses: row.responses as TConversationResponse[],
    error: row.error,
  };
}
