/**
 * A Parley answer as an MCP tool result: the card's numbers and what Parley understood as
 * structured content (so the client's model reads checked figures instead of guessing), and a
 * short plain-text summary for clients that show text only.
 */
import {
  type TCard,
  type TConversationResponse,
  ZCardColumn,
  ZCardPeriod,
  ZCardRowValue,
  ZSemanticQuery,
} from '@parley/contract';
import { cardTextSection, htmlToText } from '@parley/presenter';
import { z } from 'zod';

/** Rows handed to an assistant at most: enough for any ranking, bounded for its context window. */
export const MCP_MAX_ROWS = 50;

const ZChoice = z.object({
  title: z.string(),
  subtitle: z.string().optional(),
  /** The words to ask with to pick this choice (as a click on the button does in Parley). */
  phrase: z.string(),
});

/** One card as an assistant reads it. */
export const ZMcpCard = z.object({
  title: z.string(),
  /** The card's explanation as plain text. */
  summary: z.string(),
  period: ZCardPeriod.nullable(),
  columns: z.array(ZCardColumn),
  rows: z.array(z.record(z.string(), ZCardRowValue)),
  total_rows: z.number().int(),
  truncated: z.boolean(),
  /** The semantic query Parley answered: measures, dimensions, filters, time, comparison. */
  understood: ZSemanticQuery.nullable(),
  sql: z.string().nullable(),
  insights: z.array(z.string()),
  source: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Opens the question in Parley's conversation screen. */
  link: z.string(),
});
export type TMcpCard = z.infer<typeof ZMcpCard>;

/** Parley asking back instead of guessing, and how to answer it. */
export const ZMcpAskBack = z.object({
  question: z.string(),
  choices: z.array(ZChoice),
  how_to_choose: z.string(),
});

/** The `ask` tool's structured content: a card, a question back, or a plain reply. */
export const ZMcpAnswer = z.object({
  kind: z.enum(['card', 'question', 'text']),
  asked: z.string(),
  card: ZMcpCard.nullable(),
  ask_back: ZMcpAskBack.nullable(),
  message: z.string().nullable(),
});
export type TMcpAnswer = z.infer<typeof ZMcpAnswer>;

/** Card HTML (sanitised, values escaped) as plain text. */
export const plainText = (html: string): string => htmlToText(html).trim();

export const HOW_TO_CHOOSE =
  'Call ask again with `question` set to the phrase of the choice the user picks (and the same datasource_id).';

/** A card as structured content; `link` opens the question in Parley. */
export function mcpCard(card: TCard, link: string): TMcpCard {
  return {
    title: card.title,
    summary: plainText(card.text),
    period: card.period ?? null,
    columns: card.columns,
    rows: card.table.slice(0, MCP_MAX_ROWS),
    total_rows: card.table.length,
    truncated: card.table.length > MCP_MAX_ROWS,
    understood: card.query?.semantic ?? null,
    sql: card.query?.sql ?? null,
    insights: card.insights.map((i) => plainText(typeof i === 'string' ? i : i.text)),
    source: card.source ?? null,
    link,
  };
}

/** The first answer part of a conversation reply as the `ask` tool's result. */
export function mcpAnswer(asked: string, responses: TConversationResponse[], link: string): TMcpAnswer {
  const withCard = responses.find((r) => r.card);
  if (withCard?.card) {
    return { kind: 'card', asked, card: mcpCard(withCard.card, link), ask_back: null, message: null };
  }
  const withPrompt = responses.find((r) => r.prompt);
  const message = responses.map((r) => r.text ?? '').find((t) => t.length > 0) ?? null;
  if (withPrompt?.prompt) {
    const { prompt } = withPrompt;
    return {
      kind: 'question',
      asked,
      card: null,
      ask_back: {
        question: plainText(message ?? prompt.title),
        choices: prompt.items.map((i) => ({
          title: i.title,
          ...(i.subtitle ? { subtitle: i.subtitle } : {}),
          phrase: i.phrase,
        })),
        how_to_choose: HOW_TO_CHOOSE,
      },
      message: null,
    };
  }
  return { kind: 'text', asked, card: null, ask_back: null, message: plainText(message ?? '') };
}

/** The answer as a few readable lines: the card as mail text shows it, or the question and its choices. */
export function answerText(answer: TMcpAnswer, card: TCard | null, locale: string): string {
  if (answer.kind === 'card' && card) {
    return [
      cardTextSection(card, { locale, maxRows: 10 }).trim(),
      '',
      `Open in Parley: ${answer.card!.link}`,
    ].join('\n');
  }
  if (answer.ask_back) {
    const choices = answer.ask_back.choices.map((c, i) => `${i + 1}. ${c.title} — ask “${c.phrase}”`);
    return [answer.ask_back.question, ...choices].join('\n');
  }
  return answer.message ?? '';
}
