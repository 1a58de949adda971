// One schema for PGlite and PostgreSQL; each module owns its file here.
export * from './auth.schema';
export * from './conversations.schema';
export * from './datasources.schema';
export * from './synonyms.schema';
