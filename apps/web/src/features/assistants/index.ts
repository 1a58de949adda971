import { lazy } from 'react';

/**
 * Assistants (DESIGN §12): the consent view of an assistant's sign-in and Settings → Linked
 * assistants. The router lazy-loads the page from its module; the sign-in card loads the consent
 * view in a chunk of its own, so /login stays small for everyone who is not linking an assistant.
 */
export const ConsentView = lazy(() => import('./components/ConsentView'));
export type { ConsentViewProps } from './components/ConsentView';
