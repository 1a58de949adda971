/**
 * Collections: the router lazy-loads CollectionsPage and CollectionPage from their modules (not
 * from here, so the dashboard's widgets do not pull the pages in); the dashboard shows the first
 * collection with these.
 */
import './collections.css';
import './i18n';

export { cardCount } from './collections';
export { AddToCollection, useCollectionsEnabled } from './components/AddToCollection';
export { CollectionCard } from './components/CollectionCard';
export { useCollectionAnswers } from './hooks/useCardAnswers';
export { useCollections } from './hooks/useCollections';
