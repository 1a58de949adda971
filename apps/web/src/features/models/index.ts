/**
 * The model editor: the router lazy-loads ModelPage from its module; the rest is
 * the feature's pure overlay helpers, for other screens that teach the model.
 */
export { modelKeys } from './hooks/model-keys';
export * from './overlay';
