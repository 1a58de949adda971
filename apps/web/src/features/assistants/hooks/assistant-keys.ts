/** Query keys of the assistant resources. */
export const assistantKeys = {
  /** Settings → Linked assistants: the signed-in user's links in this project. */
  list: ['assistants', 'linked'] as const,
  /** An authorisation request waiting for consent. */
  interaction: (uid: string) => ['assistants', 'interaction', uid] as const,
};
