import { ZCard } from './card';
import { ZSourceId } from './datasources';
import { LIMITS } from './limits';
import { ZSemanticQuery } from './semantic';
import { z } from './zod';

/** Longest phrase a question may have (DESIGN §4). */
export const MAX_PHRASE_LENGTH = LIMITS.PHRASE;

const ZPhrase = z
  .string({ message: 'phrase must be text' })
  .trim()
  .min(1, 'Please type a question.')
  .max(MAX_PHRASE_LENGTH, `A question can be at most ${MAX_PHRASE_LENGTH} characters long.`);

/** A prompt of choices offered instead of a guess (spec 2 §2 prompts). */
export const ZPrompt = z.object({
  title: z.string(),
  subtitle: z.string().optional(),
  direction: z.enum(['horizontal', 'vertical']).optional(),
  type: z.enum(['buttons', 'cards']).optional(),
  items: z.array(z.object({ title: z.string(), subtitle: z.string().optional(), phrase: z.string() })),
});
export type TPrompt = z.infer<typeof ZPrompt>;

/** One answer part: a card, a text, a prompt (DESIGN §4). */
export const ZConversationResponse = z.object({
  card: ZCard.optional(),
  text: z.string().optional(),
  prompt: ZPrompt.optional(),
  question_id: z.string().optional(),
  phrase: z.string(),
});
export type TConversationResponse = z.infer<typeof ZConversationResponse>;

/** POST /features/conversations/query. */
export const ZConversationQueryBody = z.object({
  phrase: ZPhrase,
  /** The client's timestamp of the question (ms since epoch); it identifies the item. */
  created: z.number().int().nonnegative().max(8.64e15),
  event: z.string().max(100).optional(),
  datasource_id: ZSourceId.optional(),
  /**
   * A reading chosen on the card's chips: answered as this query (checked against the source's
   * model) instead of parsing `phrase`, which stays the item's words.
   */
  query: ZSemanticQuery.optional(),
});
export type TConversationQueryBody = z.infer<typeof ZConversationQueryBody>;

export const ZConversationQueryResponse = z.object({ responses: z.array(ZConversationResponse) });
export type TConversationQueryResponse = z.infer<typeof ZConversationQueryResponse>;

/** GET /features/conversations?before=&limit=&scope= — history, newest first. */
export const ZConversationHistoryQuery = z.object({
  /** Only items created before this client timestamp (ms): the paging cursor. */
  before: z.coerce.number().int().nonnegative().optional(),
  limit: z.coerce.number().int().min(1).max(50).default(4),
  /** `today` (default): items since the start of the user's day, as the conversation screen shows. */
  scope: z.enum(['today', 'all']).default('today'),
});

export const ZConversationItem = z.object({
  id: z.string(),
  query: z.object({ created: z.number(), phrase: z.string(), event: z.string().nullable() }),
  responses: z.array(ZConversationResponse),
  error: z.string().nullable(),
});
export type TConversationItem = z.infer<typeof ZConversationItem>;

export const ZConversationHistory = z.object({ items: z.array(ZConversationItem), has_more: z.boolean() });
export type TConversationHistory = z.infer<typeof ZConversationHistory>;

/** GET /features/favourites: the most asked phrases. */
export const ZFavourites = z.array(z.object({ phrase: z.string(), count: z.number().int() }));
export type TFavourites = z.infer<typeof ZFavourites>;

/**
 * GET /features/suggestions: questions that work on a data source, in the user's language — the
 * given one, else the user's own default (the demo only when they have no source of their own).
 */
// Optional as a whole: callers that name no source call the endpoint without any input.
export const ZSuggestionsQuery = z.object({ datasource_id: z.string().max(64).optional() }).optional();
export const ZSuggestions = z.object({
  suggestions: z.array(z.string()),
  /** The source the questions are about and its name; null when there is no source at all. */
  datasource: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
});
export type TSuggestions = z.infer<typeof ZSuggestions>;

/** POST /api/v1/feedback (spec 2 §3 feedback payload). */
export const ZFeedbackBody = z.object({
  sentiment: z.enum(['positive', 'negative', 'neutral']),
  message: z.string().max(LIMITS.FEEDBACK_MESSAGE).default(''),
  /** Comma list of flags: harmful, not_true, not_helpful (and the form's type). */
  fields: z.string().max(500).default(''),
  data: z.unknown().optional(),
  phrase: z.string().max(MAX_PHRASE_LENGTH).default(''),
});
export type TFeedbackBody = z.infer<typeof ZFeedbackBody>;

export const FEEDBACK_FLAGS = ['harmful', 'not_true', 'not_helpful'] as const;

/** GET /features/csv?collection_id=&id= */
export const ZCsvQuery = z.object({
  collection_id: z.string().max(LIMITS.ID).optional(),
  id: z.string().min(1).max(LIMITS.ID),
});

/** CSV headers (spec 2 §7): `M__%` → `M %`, `M__change` → `M Change %`, `Previous_M` → `Previous M`. */
export function csvHeader(key: string): string {
  if (key.endsWith('__%')) return `${key.slice(0, -3)} %`;
  if (key.endsWith('__change')) return `${key.slice(0, -8)} Change %`;
  if (key.startsWith('Previous_')) return `Previous ${key.slice(9)}`;
  return key;
}

/** Largest chart image (PNG data URL) an e-mailed card may carry. */
export const MAX_CARD_IMAGE_BYTES = 2 * 1024 * 1024;

/** POST /api/v1/email_card: mails an answered card to the signed-in user. */
export const ZEmailCardBody = z.object({
  question_id: z.string().uuid('question_id must be the id of an answered question'),
  selected_chart: z.string().max(20),
  /** The chart as the user sees it, a PNG data URL rendered in the browser. */
  image: z
    .string()
    .max(Math.ceil((MAX_CARD_IMAGE_BYTES * 4) / 3) + 100, 'The chart image is too large.')
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, 'image must be a PNG data URL')
    .optional(),
});
export type TEmailCardBody = z.infer<typeof ZEmailCardBody>;
