/** Collections (arrive with a later release); the router lazy-loads the pages from their modules. */
export { default as CollectionPage } from './CollectionPage';
export { default as CollectionsPage } from './CollectionsPage';
