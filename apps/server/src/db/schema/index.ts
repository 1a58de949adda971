// One schema for PGlite and PostgreSQL; each module owns its file here.
export * from './alerts.schema';
export * from './assistants.schema';
export * from './auth.schema';
export * from './billing.schema';
export * from './collections.schema';
export * from './contact.schema';
export * from './conversations.schema';
export * from './datasources.schema';
export * from './guide.schema';
export * from './jobs.schema';
export * from './models.schema';
export * from './reports.schema';
export * from './settings.schema';
export * from './source-files.schema';
export * from './synonyms.schema';
