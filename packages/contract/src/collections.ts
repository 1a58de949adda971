/**
 * Collections and their cards (saved questions) — DESIGN §11 CONTRACT, spec 2 §2–§9. A card
 * stores its phrase and the query it resolved to, so it re-runs the same question every time,
 * with its dates relative to the day it runs ("last month" is always the previous full month).
 */

import { ZCard } from './card';
import { ZPrompt } from './conversations';
import { ZSourceId } from './datasources';
import { CARD_VIEWS, COLLECTION_GRID, LIMITS, NOTIFICATION_FREQUENCIES, REFRESH_INTERVALS } from './limits';
import { z } from './zod';

/** Messages of spec 2 §5 / §8 the server answers and the web shows as they are. */
export const COLLECTION_MESSAGES = {
  nameRequired: 'Collection name is required!',
  duplicateCard: 'Card already exists in collection',
  /** The card editor's own check of a phrase already in the collection. */
  duplicatePhrase: 'Duplicate Phrase Detected!',
  questionNotFound: 'Question not found!',
  questionRequired: 'Type question name!',
  collectionNotFound: 'Collection not found!',
} as const;

const ZId = z.string().min(1).max(LIMITS.ID);

/** A card's view: a chart type of its result, or table, text, insights, image (spec 2 §9). */
export const ZCardView = z.enum(CARD_VIEWS);
export type TCardView = z.infer<typeof ZCardView>;

/** Auto-refresh period in minutes: not set (0), 10, 15, 20, 30, 60 (spec 2 §9). */
export const ZRefreshInterval = z.literal(REFRESH_INTERVALS, {
  message: `interval must be one of ${REFRESH_INTERVALS.join(', ')} minutes`,
});

/** E-mail digest frequency of a collection, or null for none. */
export const ZNotificationFrequency = z.enum(NOTIFICATION_FREQUENCIES);
export type TNotificationFrequency = z.infer<typeof ZNotificationFrequency>;

/** A collection's name as the create/edit dialog checks it (trimmed, not blank). */
export const ZCollectionName = z
  .string({ message: COLLECTION_MESSAGES.nameRequired })
  .trim()
  .min(1, COLLECTION_MESSAGES.nameRequired)
  .max(LIMITS.COLLECTION_NAME, `A collection name can be at most ${LIMITS.COLLECTION_NAME} characters long.`);

/** A card's question as the editor checks it. */
export const ZQuestionPhrase = z
  .string({ message: COLLECTION_MESSAGES.questionRequired })
  .trim()
  .min(1, COLLECTION_MESSAGES.questionRequired)
  .max(LIMITS.PHRASE, `A question can be at most ${LIMITS.PHRASE} characters long.`);

const { minW, maxW, minH, maxH } = COLLECTION_GRID;

/** One grid item: `i` is the card's (question's) id, `c` the view chosen for it. */
export const ZLayoutItem = z.object({
  i: ZId,
  x: z.number().int().min(0).max(COLLECTION_GRID.maxX),
  y: z.number().int().min(0).max(COLLECTION_GRID.maxY),
  w: z
    .number()
    .int()
    .min(minW, `Card width must be between ${minW} and ${maxW}`)
    .max(maxW, `Card width must be between ${minW} and ${maxW}`),
  h: z
    .number()
    .int()
    .min(minH, `Card height must be between ${minH} and ${maxH}`)
    .max(maxH, `Card height must be between ${minH} and ${maxH}`),
  c: ZCardView.optional(),
});
export type TLayoutItem = z.infer<typeof ZLayoutItem>;

/** A saved card (DESIGN §11). */
export const ZQuestion = z.object({
  id: z.string(),
  phrase: z.string(),
  collection_id: z.string(),
  /** The data source id, or null for the user's default source. */
  data_adapter: z.string().nullable(),
  interval: ZRefreshInterval,
  selectedChartType: ZCardView.nullable(),
  /** The card's period as words ("last month"), from its resolved query; null when it has none. */
  date_range: z.string().nullable(),
  /** ISO time the card's question was last resolved (saved or its phrase/source changed). */
  queryTimestamp: z.string().nullable(),
});
export type TQuestion = z.infer<typeof ZQuestion>;

/** A collection (DESIGN §11); `schedule` is the digest's words ("Every Monday at 9:00") or null. */
export const ZCollection = z.object({
  id: z.string(),
  name: z.string(),
  notification_frequency: ZNotificationFrequency.nullable(),
  digest: z.boolean(),
  layout: z.array(ZLayoutItem),
  questions: z.array(ZQuestion),
  schedule: z.string().nullable(),
});
export type TCollection = z.infer<typeof ZCollection>;

/** GET /features/collections */
export const ZCollections = z.array(ZCollection);

/**
 * A card as a create/update body carries it: without `id` it is added (an id is assigned);
 * with `id` it is one of the collection's cards, kept (phrase, source, interval, view may change).
 * Fields of the answer (collection_id, date_range, queryTimestamp) may be sent back; they are ignored.
 */
export const ZQuestionInput = z.object({
  id: ZId.optional(),
  phrase: ZQuestionPhrase,
  data_adapter: ZSourceId.nullable().optional(),
  interval: ZRefreshInterval.optional(),
  selectedChartType: ZCardView.nullable().optional(),
});
export type TQuestionInput = z.input<typeof ZQuestionInput>;

const ZQuestionsInput = z
  .array(ZQuestionInput)
  .max(LIMITS.COLLECTION_CARDS, `A collection can hold at most ${LIMITS.COLLECTION_CARDS} cards.`);
const ZLayoutInput = z
  .array(ZLayoutItem)
  .max(LIMITS.COLLECTION_CARDS, `A layout can hold at most ${LIMITS.COLLECTION_CARDS} items.`);

/**
 * The name as a body carries it; blank is refused by the server with exactly
 * COLLECTION_MESSAGES.nameRequired (forms use ZCollectionName).
 */
const ZNameInput = z.string({ message: COLLECTION_MESSAGES.nameRequired }).max(LIMITS.COLLECTION_NAME);

/** POST /features/collection */
export const ZCreateCollectionBody = z.object({
  name: ZNameInput,
  notification_frequency: ZNotificationFrequency.nullable().optional(),
  digest: z.boolean().optional(),
  layout: ZLayoutInput.optional(),
  questions: ZQuestionsInput.optional(),
});
export type TCreateCollectionBody = z.input<typeof ZCreateCollectionBody>;

/**
 * PUT /features/collection: the whole collection. Questions without `id` are added, questions
 * left out are removed; `layout` replaces the grid (items of removed cards are dropped, cards
 * without an item are placed 2×2 in the first free spot). An absent `questions` or `layout`
 * leaves that part unchanged.
 */
export const ZUpdateCollectionBody = z.object({
  id: ZId,
  name: ZNameInput,
  notification_frequency: ZNotificationFrequency.nullable().optional(),
  digest: z.boolean().optional(),
  layout: ZLayoutInput.optional(),
  questions: ZQuestionsInput.optional(),
});
export type TUpdateCollectionBody = z.input<typeof ZUpdateCollectionBody>;

/** The create/edit dialog of the collections list (spec 2 §2). */
export const ZCollectionForm = z.object({
  name: ZCollectionName,
  notification_frequency: ZNotificationFrequency.nullable(),
});
export type TCollectionForm = z.infer<typeof ZCollectionForm>;

/** DELETE /features/collection?id= */
export const ZCollectionIdQuery = z.object({ id: ZId });

/** POST /features/collection/digest — "Send now". */
export const ZCollectionIdBody = z.object({ id: ZId });

/** POST /features/collections/query: one card (`id`) or every card of the collection. */
export const ZCollectionQueryBody = z.object({
  collection_id: ZId,
  id: ZId.optional(),
});
export type TCollectionQueryBody = z.infer<typeof ZCollectionQueryBody>;

/**
 * One card's answer. A card that cannot be answered (its source deleted, inactive or unreachable)
 * has `error: true` and a `message`; the other cards still answer. A phrase that no longer
 * resolves answers `text` (and `prompt`) like the conversation screen.
 */
export const ZCollectionResponse = z.object({
  card: ZCard.optional(),
  text: z.string().optional(),
  prompt: ZPrompt.optional(),
  question_id: z.string(),
  phrase: z.string(),
  error: z.boolean().optional(),
  message: z.string().optional(),
});
export type TCollectionResponse = z.infer<typeof ZCollectionResponse>;

export const ZCollectionQueryResponse = z.object({
  responses: z.array(ZCollectionResponse),
  /** With `id`: the card asked about. */
  question: ZQuestion.optional(),
  message: z.string().optional(),
  /** With `id`: the card's source offers accounts but none is selected (spec 2 §3). */
  select_account: z.boolean().optional(),
});
export type TCollectionQueryResponse = z.infer<typeof ZCollectionQueryResponse>;

/** POST /features/collections/preview: the card editor's preview, not stored. */
export const ZCollectionPreviewBody = z.object({
  phrase: ZQuestionPhrase,
  datasource_id: ZSourceId.nullable().optional(),
});
export type TCollectionPreviewBody = z.infer<typeof ZCollectionPreviewBody>;

export const ZCollectionPreviewResponse = z.object({
  responses: z.array(
    z.object({
      card: ZCard.optional(),
      text: z.string().optional(),
      prompt: ZPrompt.optional(),
      phrase: z.string(),
    }),
  ),
});
export type TCollectionPreviewResponse = z.infer<typeof ZCollectionPreviewResponse>;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * The digest's schedule in words (spec 2 §9: 9:00, day 1 of each period): "Every day at 9:00",
 * "Every Monday at 9:00" (the week's first day in the user's language: Sunday for en-US),
 * "Every month on day 1 at 9:00"; null without a frequency.
 */
export function scheduleText(frequency: TNotificationFrequency | null, language: string): string | null {
  switch (frequency) {
    case null:
      return null;
    case 'daily':
      return 'Every day at 9:00';
    case 'weekly':
      return `Every ${WEEKDAYS[language === 'en-US' ? 0 : 1]} at 9:00`;
    case 'monthly':
      return 'Every month on day 1 at 9:00';
  }
}
