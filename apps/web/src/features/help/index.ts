import './i18n';
import { lazy } from 'react';

/**
 * Help: the right-hand help and contact panel (loaded on first open, its own chunk) and the
 * /help/{id} article page, which the router lazy-loads from HelpArticlePage.tsx.
 */
export const HelpPanel = lazy(() => import('./HelpPanel'));
