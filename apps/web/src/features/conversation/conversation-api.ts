import type { TConversationItem, TConversationQueryBody, TConversationResponse } from '@parley/contract';
import { ApiError, api } from '../../lib/api';
import type { ChipChange } from '../cards';

/** Today's history shown on open, and the page size of older history (spec 2 §9). */
export const TODAY_LIMIT = 20;
export const OLDER_PAGE = 4;

/** A conversation item on screen: the query, then loading, responses or an error (spec 2 §3). */
export interface ConvItem {
  created: number;
  phrase: string;
  event: string | null;
  loading: boolean;
  error: string | null;
  responses: TConversationResponse[];
  /** The chip change this item re-asked (kept on screen only): its card offers "Remember this". */
  change?: ChipChange;
}

function fromServer(item: TConversationItem): ConvItem {
  return {
    created: item.query.created,
    phrase: item.query.phrase,
    event: item.query.event,
    loading: false,
    error: item.error,
    responses: item.responses,
  };
}

/** Merges items by their created id (incoming wins) and orders them oldest first. */
export function mergeItems(existing: readonly ConvItem[], incoming: readonly ConvItem[]): ConvItem[] {
  const map = new Map<number, ConvItem>();
  for (const item of existing) map.set(item.created, item);
  for (const item of incoming) {
    const had = map.get(item.created);
    // A local item still loading keeps its state until its own answer arrives.
    if (!had?.loading) map.set(item.created, item);
  }
  return [...map.values()].sort((a, b) => a.created - b.created);
}

/** GET /features/conversations: today's items, or older ones (all days) before a cursor. */
export async function fetchHistory(
  params: { before?: number; limit: number; scope: 'today' | 'all' },
  signal?: AbortSignal,
): Promise<{ items: ConvItem[]; hasMore: boolean }> {
  const { limit, scope, before } = params;
  const data = await api.call('GET /features/conversations', { limit, scope, before }, { signal });
  // The server answers newest first; the screen lists oldest first.
  return { items: data.items.map(fromServer).reverse(), hasMore: data.has_more };
}

export type AskOutcome =
  | { type: 'answer'; responses: TConversationResponse[] }
  | { type: 'error'; message: string }
  | { type: 'failed'; message: string };

/**
 * POST /features/conversations/query (spec 2 §7): 200 → responses; 400 (and other JSON refusals)
 * → the server message in the conversation; 500 → the fixed apology; a thrown error → toast.
 */
export async function askQuestion(
  body: TConversationQueryBody,
  texts: { serverError: string; requestFailed: string },
): Promise<AskOutcome> {
  try {
    const answer = await api.request('POST /features/conversations/query', body);
    const data = answer.data;
    if (answer.status === 200)
      return { type: 'answer', responses: ('responses' in data && data.responses) || [] };
    return { type: 'error', message: ('message' in data && data.message) || texts.serverError };
  } catch (err) {
    if (err instanceof ApiError && err.status === 500) return { type: 'error', message: texts.serverError };
    return {
      type: 'failed',
      message: err instanceof ApiError && err.fromServer ? err.message : texts.requestFailed,
    };
  }
}
