/**
 * The server's text catalogues, one per language (en.ts, tr.ts), as the web keeps its own under
 * apps/web/src/i18n/locales/. A language is one catalogue file plus one line here.
 */
import type { Language } from '@parley/contract';
import type { ServerCatalogue } from './catalogue';
import { en } from './en';
import { tr } from './tr';

export type {
  BrokenReason,
  DigestTexts,
  NotificationTexts,
  ReportTexts,
  ServerCatalogue,
  UnsubscribePageTexts,
} from './catalogue';

const BY_LANGUAGE: Record<Language, ServerCatalogue> = { 'en-US': en, 'en-GB': en, tr };
const CATALOGUES = new Map<string, ServerCatalogue>(Object.entries(BY_LANGUAGE));

/** The catalogue of a user's language; English for any language without one. */
export function serverTexts(language: string): ServerCatalogue {
  return CATALOGUES.get(language) ?? en;
}
