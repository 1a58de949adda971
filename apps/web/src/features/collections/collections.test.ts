import type { TCollection, TQuestion } from '@parley/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import {
  cardCount,
  failureText,
  hhmm,
  isDuplicatePhrase,
  isQuestionNotFound,
  scheduleText,
  translateMessage,
  updateBody,
  weeklyDay,
} from './collections';

// Keys come back as they are, with their values, so the tests read what would be shown.
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

const question = (id: string, phrase: string, source: string | null = 'demo'): TQuestion => ({
  id,
  phrase,
  collection_id: 'c1',
  data_adapter: source,
  interval: 0,
  selectedChartType: null,
  date_range: null,
  queryTimestamp: null,
});

const collection: TCollection = {
  id: 'c1',
  name: 'Sales',
  notification_frequency: 'weekly',
  digest: true,
  layout: [{ i: 'q1', x: 0, y: 0, w: 2, h: 2 }],
  questions: [question('q1', 'Revenue by region last month')],
  schedule: 'Every Sunday at 9:00',
};

describe('messages', () => {
  it('translates the known English messages and leaves the others', () => {
    expect(translateMessage('Question not found!', t)).toBe('collections:messages.question_not_found');
    expect(translateMessage('Your Free plan allows 2 collections.', t)).toBe(
      'Your Free plan allows 2 collections.',
    );
  });
  it('prefers the server message to the fallback', () => {
    const fromServer = new ApiError('status', 400, 'Card already exists in collection', true);
    expect(failureText(fromServer, t, 'x.fallback')).toBe('collections:messages.duplicate_card');
    expect(failureText(new ApiError('network', 0, 'Failed to fetch'), t, 'x.fallback')).toBe('x.fallback');
  });
  it('knows the static error', () => {
    expect(isQuestionNotFound('Question not found!')).toBe(true);
    expect(isQuestionNotFound('Failed to retrieve data!')).toBe(false);
    expect(isQuestionNotFound(null)).toBe(false);
  });
});

describe('scheduleText', () => {
  it('says when the digest goes out', () => {
    expect(scheduleText(null, 'en-US', 'en-US', t)).toBeNull();
    expect(scheduleText('daily', 'en-US', 'en-US', t)).toBe('collections:schedule.daily');
    expect(scheduleText('weekly', 'en-US', 'en-US', t)).toBe('collections:schedule.weekly {"day":"Sunday"}');
    expect(scheduleText('monthly', 'tr', 'tr', t)).toBe('collections:schedule.monthly');
  });
  it('names the week’s first day of the user’s language in the interface language', () => {
    expect(weeklyDay('en-US', 'en-US')).toBe('Sunday');
    expect(weeklyDay('en-GB', 'en-GB')).toBe('Monday');
    expect(weeklyDay('tr', 'tr')).toBe('Pazartesi');
  });
});

describe('updateBody', () => {
  it('sends the whole collection with the patch, the digest following the frequency', () => {
    expect(updateBody(collection)).toEqual({
      id: 'c1',
      name: 'Sales',
      notification_frequency: 'weekly',
      digest: true,
    });
    expect(updateBody(collection, { notification_frequency: null, layout: [] })).toEqual({
      id: 'c1',
      name: 'Sales',
      notification_frequency: null,
      digest: false,
      layout: [],
    });
  });
});

describe('isDuplicatePhrase', () => {
  const questions = [question('q1', 'Revenue by region last month'), question('q2', 'Orders by month', null)];
  it('finds the same phrase on the same source, case and spaces aside', () => {
    expect(isDuplicatePhrase(questions, '  revenue  by region LAST month ', 'demo', null)).toBe(true);
    expect(isDuplicatePhrase(questions, 'Revenue by region last month', 'other', null)).toBe(false);
    expect(isDuplicatePhrase(questions, 'orders by month', null, null)).toBe(true);
  });
  it('ignores the card being edited and an empty phrase', () => {
    expect(isDuplicatePhrase(questions, 'Revenue by region last month', 'demo', 'q1')).toBe(false);
    expect(isDuplicatePhrase(questions, '   ', 'demo', null)).toBe(false);
  });
});

describe('small helpers', () => {
  it('writes HH:mm on a 24-hour clock in the time zone given, else the browser’s', () => {
    expect(hhmm(new Date(2026, 10, 20, 9, 5).getTime())).toBe('09:05');
    expect(hhmm(new Date(2026, 10, 20, 23, 59).getTime(), 'Not/AZone')).toBe('23:59');
    expect(hhmm('2026-11-20T00:05:00Z', 'UTC')).toBe('00:05');
    expect(hhmm('2026-11-20T23:59:00Z', 'Europe/Istanbul')).toBe('02:59');
    expect(hhmm('2026-07-01T12:30:00Z', 'America/Los_Angeles')).toBe('05:30');
    expect(hhmm('not a time', 'UTC')).toBeNull();
  });
  it('counts cards over collections', () => {
    expect(cardCount([collection, { ...collection, questions: [] }])).toBe(1);
  });
});
