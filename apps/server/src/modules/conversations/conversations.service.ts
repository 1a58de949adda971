import { randomUUID } from 'node:crypto';
import {
  csvHeader,
  type TConversationHistory,
  type TConversationItem,
  type TConversationQueryBody,
  type TConversationQueryResponse,
  type TConversationResponse,
  type TEmailCardBody,
  type TFavourites,
  type TFeedbackBody,
  type TSemanticQuery,
} from '@parley/contract';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors';
import { startOfDayIn } from '../../lib/time';
import type { MailService } from '../../mail/mail.service';
import type { AskContext, AskService } from './ask.service';
import { cardMail } from './card-mail';
import type { ConversationItemRow, ConversationsRepository, Owner } from './conversations.repository';

/** Who is asking: the user's settings decide "today" and the week start. */
export interface Asker extends Owner {
  email: string;
  features: string[];
  timezone: string | null;
  language: string;
}

const FAVOURITES_SHOWN = 4;

/** Questions, history, favourites, feedback and CSV export of the conversation screen. */
export class ConversationsService {
  constructor(
    private readonly repo: ConversationsRepository,
    private readonly ask: AskService,
    private readonly mail: MailService,
    private readonly brand: string,
    private readonly clock: () => Date,
  ) {}

  private requireFeature(asker: Asker): void {
    if (!asker.features.includes('CONVERSATIONS'))
      throw forbidden('Conversations are not enabled for your account.');
  }

  /** Answers a question, refining the previous one of today's conversation when it is a follow-up. */
  async query(asker: Asker, body: TConversationQueryBody): Promise<TConversationQueryResponse> {
    this.requireFeature(asker);
    const since = startOfDayIn(asker.timezone, this.clock());
    const context: AskContext = {
      timezone: asker.timezone,
      language: asker.language,
      previous: (await this.repo.findLastSemantic(asker, since)) as TSemanticQuery | null,
    };
    const id = randomUUID();
    const result = await this.ask.ask(body.phrase, context);
    const responses = result.responses.map((r) => (r.card ? { ...r, question_id: id } : r));
    await this.repo.insertItem(asker, {
      id,
      created: body.created,
      phrase: body.phrase,
      event: body.event ?? null,
      datasourceId: body.datasource_id ?? null,
      responses,
      semantic: result.semantic,
      error: null,
      createdAt: this.clock(),
    });
    return { responses };
  }

  async history(
    asker: Asker,
    q: { before?: number; limit: number; scope: 'today' | 'all' },
  ): Promise<TConversationHistory> {
    this.requireFeature(asker);
    const rows = await this.repo.listItems(asker, {
      before: q.before,
      since: q.scope === 'today' ? startOfDayIn(asker.timezone, this.clock()) : undefined,
      limit: q.limit + 1,
    });
    return { items: rows.slice(0, q.limit).map(toItem), has_more: rows.length > q.limit };
  }

  async favourites(asker: Asker): Promise<TFavourites> {
    this.requireFeature(asker);
    return this.repo.favourites(asker, FAVOURITES_SHOWN);
  }

  async suggestions(asker: Asker): Promise<string[]> {
    this.requireFeature(asker);
    return this.ask.suggestions();
  }

  async feedback(asker: Asker, body: TFeedbackBody): Promise<string> {
    const flags = body.fields
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
    if (flags.length > 10 || flags.some((f) => f.length > 50))
      throw badRequest('Invalid field fields: too many or too long flags');
    if (body.data !== undefined && JSON.stringify(body.data).length > 200_000) {
      throw badRequest('Invalid field data: the shared card data is too large');
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
  private async getCard(asker: Asker, id: string) {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await this.repo.findItem(asker, id) : null;
    const card = (row?.responses as TConversationResponse[] | undefined)?.find((r) => r.card)?.card;
    if (!row || !card) throw notFound('Question not found!');
    return card;
  }

  /** The card's table as CSV, with the renaming rules of spec 2 §7. */
  async csv(asker: Asker, id: string): Promise<{ filename: string; csv: string }> {
    this.requireFeature(asker);
    const card = await this.getCard(asker, id);
    return { filename: `${slug(card.title) || 'export'}.csv`, csv: toCsv(card.table) };
  }

  /** Mails a card to the asker: HTML with the chart image inline and the table, plus a text part. */
  async emailCard(asker: Asker, body: TEmailCardBody): Promise<void> {
    this.requireFeature(asker);
    const card = await this.getCard(asker, body.question_id);
    const image = body.image ? Buffer.from(body.image.slice(body.image.indexOf(',') + 1), 'base64') : null;
    if (image && !isPng(image)) throw badRequest('Invalid field image: not a PNG image');
    const mail = cardMail(this.brand, card, image !== null);
    try {
      await this.mail.send({
        to: asker.email,
        ...mail,
        attachments: image
          ? [{ filename: 'chart.png', content: image, contentType: 'image/png', cid: 'card-chart' }]
          : [],
      });
    } catch {
      throw new HttpError(502, 'Failed to send email! Please try again shortly.');
    }
  }
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

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

/** RFC 4180 CSV; columns come from the keys of the first row (spec 2 §7). Formula-like cells are neutralised. */
export function toCsv(rows: Record<string, string | number | null>[]): string {
  if (rows.length === 0) return '';
  const keys = Object.keys(rows[0]!);
  const cell = (v: string | number | null | undefined) => {
    if (v === null || v === undefined) return '';
    let s = String(v);
    // A cell starting with = + - @ would run as a formula in a spreadsheet; numbers are safe.
    if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  const lines = [keys.map((k) => cell(csvHeader(k))).join(',')];
  for (const r of rows) lines.push(keys.map((k) => cell(r[k])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
