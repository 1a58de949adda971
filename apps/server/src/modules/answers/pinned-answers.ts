import type { TCard, TSemanticQuery } from '@parley/contract';
import type { TSemanticModel } from '@parley/engine';

/** A verified question as the answer path sees it: its pinned query and what the card says of it. */
export interface PinnedAnswer {
  query: TSemanticQuery;
  verified: NonNullable<TCard['verified']>;
}

/** How the verified index reads a verified phrase on the current model. */
export interface PhraseReading {
  model: TSemanticModel;
  /** Everything else the reading depends on (language, day, week start, dialect). */
  key: string;
  read: (phrase: string) => TSemanticQuery | null;
}

/** An owner's verified questions of one source (built and memoised by modules/verified). */
export interface VerifiedIndex {
  /** The verified question one of whose phrases this is (normalised), or null. */
  byPhrase(phrase: string): PinnedAnswer | null;
  /** The verified question whose pinned query is `query`, or whose phrase the engine now reads as it. */
  byQuery(query: TSemanticQuery, reading: PhraseReading): PinnedAnswer | null;
}

/** An answer's cards saying who verified the pinned query they answer, and when. */
export function markVerified<R extends { card?: TCard }>(responses: R[], pinned: PinnedAnswer): R[] {
  return responses.map((r) => (r.card ? { ...r, card: { ...r.card, verified: pinned.verified } } : r));
}
