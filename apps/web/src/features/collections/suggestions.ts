import type { TConversationHistory, TFavourites } from '@parley/contract';
import { samePhrase } from './collections';

/** The card editor's suggestion lists: the user's most asked, recently asked, and the model's. */
export interface SuggestionLists {
  favourites: string[];
  history: string[];
  model: string[];
}

/** Suggestions shown per list (spec 2 §9: history and favourites show 4 each). */
export const SUGGESTIONS_PER_LIST = 4;

/** The phrases of answered questions (a card, no error), newest first, each once. */
export function answeredPhrases(history: TConversationHistory): string[] {
  const out: string[] = [];
  for (const item of history.items) {
    if (item.error || !item.responses.some((r) => r.card)) continue;
    const phrase = item.query.phrase.trim();
    if (phrase && !out.some((p) => samePhrase(p, phrase))) out.push(phrase);
  }
  return out;
}

/** Favourites by count, most asked first. */
export function favouritePhrases(favourites: TFavourites): string[] {
  return [...favourites].sort((a, b) => b.count - a.count).map((f) => f.phrase);
}

/**
 * The lists as the question input offers them: each phrase once (in the first list that has
 * it), none the collection already asks, only those containing what is typed, at most 4 a list.
 */
export function suggestionGroups(
  lists: SuggestionLists,
  taken: readonly string[],
  typed: string,
): { key: keyof SuggestionLists; items: string[] }[] {
  const search = typed.trim().toLocaleLowerCase();
  const seen: string[] = [...taken];
  const keys: (keyof SuggestionLists)[] = ['favourites', 'history', 'model'];
  return keys
    .map((key) => {
      const items: string[] = [];
      for (const phrase of lists[key]) {
        if (items.length >= SUGGESTIONS_PER_LIST) break;
        if (seen.some((s) => samePhrase(s, phrase))) continue;
        seen.push(phrase);
        if (phrase.toLocaleLowerCase().includes(search)) items.push(phrase);
      }
      return { key, items };
    })
    .filter((g) => g.items.length > 0);
}
