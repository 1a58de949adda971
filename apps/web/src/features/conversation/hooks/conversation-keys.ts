/** Query keys of the conversation's resources. */
export const conversationKeys = {
  favourites: ['conversation', 'favourites'] as const,
  suggestions: ['conversation', 'suggestions'] as const,
};
