import type {
  TCollection,
  TNotificationFrequency,
  TQuestion,
  TQuestionInput,
  TUpdateCollectionBody,
} from '@parley/contract';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api';
import { assertNever } from '../../lib/assert-never';
import { knownZone } from '../../lib/moment';

/**
 * Messages the server (and the contract's form schemas) answer in English, with their keys, so
 * they show in the user's language (spec 2 §5/§8).
 */
const MESSAGE_KEYS: Record<string, string> = {
  'Collection name is required!': 'collections:messages.name_required',
  'Card already exists in collection': 'collections:messages.duplicate_card',
  'Duplicate Phrase Detected!': 'collections:messages.duplicate_phrase',
  'Question not found!': 'collections:messages.question_not_found',
  'Type question name!': 'collections:messages.question_required',
  'Collection not found!': 'collections:messages.collection_not_found',
  'Failed to retrieve data!': 'collections:messages.failed_to_retrieve',
};

/** The message 'Question not found!' (shown without a retry, spec 2 §2). */
export const QUESTION_NOT_FOUND = 'Question not found!';

/** A known English message in the user's language; any other text as it is. */
export function translateMessage(message: string, t: TFunction): string {
  const key = MESSAGE_KEYS[message];
  return key ? t(key) : message;
}

/** What a failed call shows: the server's message (translated when known), else the fallback key's text. */
export function failureText(error: unknown, t: TFunction, fallbackKey: string): string {
  if (error instanceof ApiError && error.fromServer && error.message)
    return translateMessage(error.message, t);
  return t(fallbackKey);
}

/** Whether a card's failure is the static 'Question not found!' (no retry). */
export function isQuestionNotFound(message: string | null | undefined): boolean {
  return message === QUESTION_NOT_FOUND;
}

/**
 * The weekday a weekly digest goes out, as the server schedules it: the week's first day in the
 * user's language (Sunday for en-US, Monday otherwise), named in the interface language.
 */
export function weeklyDay(userLanguage: string, locale: string): string {
  // 2024-01-07 was a Sunday, 2024-01-08 a Monday.
  const day = new Date(Date.UTC(2024, 0, userLanguage === 'en-US' ? 7 : 8, 12));
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(day);
}

/** The digest's schedule in words (spec 2 §9: 9:00, day 1 of each period), or null without one. */
export function scheduleText(
  frequency: TNotificationFrequency | null,
  userLanguage: string,
  locale: string,
  t: TFunction,
): string | null {
  switch (frequency) {
    case null:
      return null;
    case 'daily':
      return t('collections:schedule.daily');
    case 'weekly':
      return t('collections:schedule.weekly', { day: weeklyDay(userLanguage, locale) });
    case 'monthly':
      return t('collections:schedule.monthly');
    default:
      return assertNever(frequency);
  }
}

/** A saved card as an update body carries it (kept, with its settings). */
export function questionInput(q: TQuestion): TQuestionInput {
  return {
    id: q.id,
    phrase: q.phrase,
    data_adapter: q.data_adapter,
    interval: q.interval,
    selectedChartType: q.selectedChartType,
  };
}

/** The whole collection as a PUT body, with `patch` applied (questions and layout only when given). */
export function updateBody(
  collection: TCollection,
  patch: Partial<
    Pick<TUpdateCollectionBody, 'name' | 'notification_frequency' | 'layout' | 'questions'>
  > = {},
): TUpdateCollectionBody {
  const frequency =
    patch.notification_frequency === undefined
      ? collection.notification_frequency
      : patch.notification_frequency;
  return {
    id: collection.id,
    name: patch.name ?? collection.name,
    notification_frequency: frequency,
    digest: frequency !== null,
    ...(patch.layout ? { layout: patch.layout } : {}),
    ...(patch.questions ? { questions: patch.questions } : {}),
  };
}

/** Phrases compare without case and extra spaces (the server's duplicate rule). */
export function samePhrase(a: string, b: string): boolean {
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  return norm(a) === norm(b);
}

/**
 * Whether another card of the collection already asks this phrase of this source
 * ('Duplicate Phrase Detected!'); `exceptId` is the card being edited.
 */
export function isDuplicatePhrase(
  questions: readonly Pick<TQuestion, 'id' | 'phrase' | 'data_adapter'>[],
  phrase: string,
  source: string | null,
  exceptId: string | null,
): boolean {
  if (!phrase.trim()) return false;
  return questions.some(
    (q) => q.id !== exceptId && (q.data_adapter ?? null) === source && samePhrase(q.phrase, phrase),
  );
}

/**
 * Hours and minutes of a time (ms or ISO), as 'Updated: HH:mm' shows it: in the profile's time
 * zone when the browser knows it, else the browser's; null for a time that is not one.
 */
export function hhmm(time: number | string, zone?: string | null): string | null {
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) return null;
  const parts = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: knownZone(zone),
  }).formatToParts(date);
  const part = (type: 'hour' | 'minute') => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('hour')}:${part('minute')}`;
}

/** Total cards over the collections (dashboard count). */
export function cardCount(collections: readonly Pick<TCollection, 'questions'>[]): number {
  return collections.reduce((n, c) => n + c.questions.length, 0);
}
