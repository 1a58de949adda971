import { randomUUID } from 'node:crypto';
import type {
  TConversationHistory,
  TConversationItem,
  TConversationQueryBody,
  TConversationQueryResponse,
  TConversationResponse,
  TEmailCardBody,
  TFavourites,
  TFeedbackBody,
} from '@parley/contract';
import { slug, toCsv } from '@parley/presenter';
import type { AccessPolicy, AccessRequirement, Actor } from '../../lib/access';
import { Invalid, NotFound, UpstreamFailed } from '../../lib/errors';
import { startOfDayIn } from '../../lib/time';
import type { MailService } from '../../mail/mail.service';
import type { AnswerService, AskContext } from '../answers/answers.service';
import type { SourceResolver } from '../datasources/source-resolver';
import type { SynonymsService } from '../synonyms/synonyms.service';
import { CARD_CHART_CID, cardMail } from './card-mail';
import type { ConversationItemRow, ConversationsRepository } from './conversations.repository';

const FAVOURITES_SHOWN = 4;

/** Questions, history, favourites, feedback and CSV export of the conversation screen. */
export class ConversationsService {
  constructor(
    private readonly repo: ConversationsRepository,
    private readonly answers: AnswerService,
    private readonly sources: SourceResolver,
    private readonly access: AccessPolicy,
    private readonly mail: MailService,
    private readonly brand: string,
    private readonly clock: () => Date,
    private readonly synonyms: SynonymsService,
  ) {}

  private requireConversations(actor: Actor, need: Omit<AccessRequirement, 'feature'> = {}): Promise<void> {
    return this.access.requireAccess(actor, { feature: 'CONVERSATIONS', ...need });
  }

  /** Answers a question, refining the previous one of today's conversation when it is a follow-up. */
  async query(asker: Actor, body: TConversationQueryBody): Promise<TConversationQueryResponse> {
    await this.requireConversations(asker, { quota: 'conversations' });
    // The named source (the asker's own, active) or their default; 404 / 400 otherwise.
    const source = await this.sources.resolve(asker, body.datasource_id ?? null);
    const since = startOfDayIn(asker.timezone, this.clock());
    const [previous, choices] = await Promise.all([
      // A follow-up refines the previous question about the same source only.
      this.repo.findLastSemantic(asker, since, source.id),
      this.repo.findLastChoices(asker, source.id),
    ]);
    // Picking a choice of a question back teaches its unknown word to the project.
    const picked = choices ? findChoice(choices, body.phrase) : null;
    if (picked) await this.synonyms.learn(asker, source, picked);
    const context: AskContext = { timezone: asker.timezone, language: asker.language, previous };
    const id = randomUUID();
    const result = await this.answers.ask(source, body.phrase, context);
    const responses = result.responses.map((r) => (r.card ? { ...r, question_id: id } : r));
    await this.repo.insertItem(asker, {
      id,
      created: body.created,
      phrase: body.phrase,
      event: body.event ?? null,
      datasourceId: source.id,
      responses,
      semantic: result.semantic,
      error: null,
      createdAt: this.clock(),
      learn: result.learn ?? null,
    });
    return { responses };
  }

  async history(
    asker: Actor,
    q: { before?: number; limit: number; scope: 'today' | 'all' },
  ): Promise<TConversationHistory> {
    await this.requireConversations(asker);
    const rows = await this.repo.listItems(asker, {
      before: q.before,
      since: q.scope === 'today' ? startOfDayIn(asker.timezone, this.clock()) : undefined,
      limit: q.limit + 1,
    });
    return { items: rows.slice(0, q.limit).map(toItem), has_more: rows.length > q.limit };
  }

  async favourites(asker: Actor): Promise<TFavourites> {
    await this.requireConversations(asker);
    return this.repo.favourites(asker, FAVOURITES_SHOWN);
  }

  async suggestions(asker: Actor): Promise<string[]> {
    await this.requireConversations(asker);
    // From the default source's model; none yet when the asker has no source at all.
    const source = await this.sources.resolve(asker, null).catch((error: unknown) => {
      if (error instanceof Invalid) return null;
      throw error;
    });
    return source ? this.answers.suggestions(source) : [];
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

  /** The first card of one of the asker's answered questions; 404 for anything else. */
  private async getCard(asker: Actor, id: string) {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await this.repo.findItem(asker, id) : null;
    const card = (row?.responses as TConversationResponse[] | undefined)?.find((r) => r.card)?.card;
    if (!row || !card) throw new NotFound('Question not found!');
    return card;
  }

  /** The card's table as CSV, with the renaming rules of spec 2 §7. */
  async csv(asker: Actor, id: string): Promise<{ filename: string; csv: string }> {
    await this.requireConversations(asker);
    const card = await this.getCard(asker, id);
    return { filename: `${slug(card.title) || 'export'}.csv`, csv: toCsv(card.table) };
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
    const mail = cardMail(this.brand, card, image !== null);
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
