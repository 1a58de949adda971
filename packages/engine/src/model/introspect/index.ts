/** The model generator: a semantic model from any schema's introspection (see generate-model.ts). */
export { generateModel } from './generate-model';
