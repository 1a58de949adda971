/**
 * The `meta` of a query that reads what the user's sources are (the default source, its model):
 * the guide, the starters, the card editor's suggestions, the reports' default. Every change to
 * a source refetches them (useCredentialMutation), so no screen keeps showing the old source.
 */
export const READS_SOURCES = { readsSources: true } as const;

/** Query keys of the data-source resources (credentials live in the session's tenant query). */
export const datasourceKeys = {
  types: ['datasources', 'types'] as const,
  accounts: (datasourceId: string) => ['datasources', 'accounts', datasourceId] as const,
  /** The project's learned words of every source (one list the cards share). */
  synonyms: ['datasources', 'synonyms'] as const,
  /** The collection cards that read a source (asked before deactivating it). */
  usage: (datasourceId: string) => ['datasources', 'usage', datasourceId] as const,
};
