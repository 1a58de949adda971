/**
 * Data sources: the /user/datasources screen (the router lazy-loads DatasourcesPage from its
 * module) and the source picker the conversation asks with.
 */

export { SourcePicker } from './components/SourcePicker';
export { READS_SOURCES } from './hooks/datasource-keys';
export { type SourceChoice, useSourceChoice } from './hooks/useSourceChoice';
