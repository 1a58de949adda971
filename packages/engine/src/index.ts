/** Public API of the ask engine: question → SemanticQuery → SQL → card. Pure, no I/O. */

export * from './card/build-card';
export * from './card/insights';
export * from './card/words';
export * from './compiler/columns';
export * from './compiler/compile';
export * from './compiler/dialect';
export * from './dates/date-range';
export * from './kinds/drivers/drivers';
export * from './kinds/forecast/forecast';
export * from './kinds/forecast/holt-winters';
export * from './kinds/index';
export {
  detectLanguage,
  getLanguagePack,
  registerLanguage,
  type TLanguageCode,
  type TLanguagePack,
} from './languages';
export * from './model/demo-model';
export * from './model/introspect';
export * from './model/introspection';
export * from './model/overlay/apply-overlay';
export * from './model/semantic-model';
export * from './parser/describe';
export * from './parser/learned-synonyms';
export * from './parser/parse';
export type { TVocabularyTarget } from './parser/vocabulary';
export { assertNever } from './util';
