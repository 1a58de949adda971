/** Query keys of the data-source resources (credentials live in the session's tenant query). */
export const datasourceKeys = {
  types: ['datasources', 'types'] as const,
  accounts: (datasourceId: string) => ['datasources', 'accounts', datasourceId] as const,
  /** The project's learned words of every source (one list the cards share). */
  synonyms: ['datasources', 'synonyms'] as const,
  /** The collection cards that read a source (asked before deactivating it). */
  usage: (datasourceId: string) => ['datasources', 'usage', datasourceId] as const,
};
