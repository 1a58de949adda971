/** Public API of the ask engine: question → SemanticQuery → SQL → card. Pure, no I/O. */
export * from './compiler/columns';
export * from './compiler/compile';
export * from './compiler/dialect';
export * from './dates/date-range';
export * from './model/demo-model';
export * from './model/semantic-model';
export * from './model/introspection';
export * from './parser/describe';
export * from './parser/parse';
export * from './card/build-card';
export * from './card/format';
export * from './card/insights';
export { assertNever, escapeHtml } from './util';
export * from './model/introspect-model';
