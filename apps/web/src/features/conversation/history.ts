import { STORAGE_KEYS, storage } from '../../lib/storage';

/** Entries shown per suggestion list (spec 2 §9). */
export const SHOWN_PER_LIST = 4;
/** How many past searches are kept per project. */
export const MAX_HISTORY = 50;

const key = (projectId: string) => `${STORAGE_KEYS.historyPrefix}${projectId || 'default'}`;
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A phrase added on top: most recent first, no duplicates (case-insensitive), capped. */
export function pushHistory(list: readonly string[], phrase: string, max = MAX_HISTORY): string[] {
  const p = phrase.trim();
  if (!p) return [...list];
  return [p, ...list.filter((x) => !same(x, p))].slice(0, max);
}

export function dropHistory(list: readonly string[], phrase: string): string[] {
  return list.filter((x) => !same(x, phrase));
}

/** The project's search history from local storage (most recent first). */
export function readHistory(projectId: string): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.get(key(projectId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function write(projectId: string, list: string[]): string[] {
  storage.set(key(projectId), JSON.stringify(list));
  return list;
}

export function addHistory(projectId: string, phrase: string): string[] {
  return write(projectId, pushHistory(readHistory(projectId), phrase));
}

export function removeHistory(projectId: string, phrase: string): string[] {
  return write(projectId, dropHistory(readHistory(projectId), phrase));
}

export interface SuggestionEntry {
  kind: 'history' | 'favourite';
  phrase: string;
}

/**
 * The search box's entries: up to 4 matching history items, then up to 4 "you may ask" favourites
 * (by count) not already listed. Matching is on the typed text, case-insensitive.
 */
export function buildEntries(
  history: readonly string[],
  favourites: readonly { phrase: string; count: number }[],
  typed: string,
): SuggestionEntry[] {
  const q = typed.trim().toLowerCase();
  const match = (p: string) => !q || p.toLowerCase().includes(q);
  const fromHistory = history.filter(match).slice(0, SHOWN_PER_LIST);
  const fromFavourites = [...favourites]
    .sort((a, b) => b.count - a.count)
    .map((f) => f.phrase)
    .filter((p) => match(p) && !fromHistory.some((h) => same(h, p)))
    .slice(0, SHOWN_PER_LIST);
  return [
    ...fromHistory.map((phrase) => ({ kind: 'history' as const, phrase })),
    ...fromFavourites.map((phrase) => ({ kind: 'favourite' as const, phrase })),
  ];
}
