/** Query keys of the collections' resources. */
export const collectionKeys = {
  all: ['collections'] as const,
  list: ['collections', 'list'] as const,
  /** Every card of a collection, answered in one call (seeds each card's own entry). */
  answers: (collectionId: string) => ['collections', 'answers', collectionId] as const,
  /** One card's answer: refreshed on its own (auto refresh, retry, after an edit). */
  answer: (collectionId: string, questionId: string) =>
    ['collections', 'answer', collectionId, questionId] as const,
  suggestions: ['collections', 'suggestions'] as const,
};
