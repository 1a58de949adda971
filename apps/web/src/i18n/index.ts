import type { Language } from '@parley/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS, storage } from '../lib/storage';
import { browserLanguages, chooseLocale } from './locale';
import type { MessageOverrides, Messages } from './locales/en-US';

/** The language every key falls back to (i18next's fallbackLng). */
const FALLBACK: Language = 'en-US';

/**
 * Each language is its own chunk; only the active one (and, for a locale of overrides, the
 * fallback) loads at start-up. en-GB holds only the texts that differ from en-US.
 */
const loaders: Record<Language, () => Promise<{ default: Messages | MessageOverrides }>> = {
  'en-US': () => import('./locales/en-US'),
  'en-GB': () => import('./locales/en-GB'),
  tr: () => import('./locales/tr'),
};
/** Locales that hold only overrides, so their fallback's bundle must be there too. */
const PARTIAL: ReadonlySet<Language> = new Set(['en-GB']);

/** Native names for the language selector (never translated). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'en-US': 'English (US)',
  'en-GB': 'English (UK)',
  tr: 'Türkçe',
};

async function ensureLoaded(lng: Language): Promise<void> {
  if (PARTIAL.has(lng)) await ensureLoaded(FALLBACK);
  if (i18next.hasResourceBundle(lng, 'translation')) return;
  const messages = (await loaders[lng]()).default;
  i18next.addResourceBundle(lng, 'translation', messages, true, true);
}

function applyDocumentLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

/** Starts i18next with the locale chosen from storage and the browser. */
export async function initI18n(): Promise<typeof i18next> {
  const lng = chooseLocale(browserLanguages(), storage.get(STORAGE_KEYS.language));
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: FALLBACK,
    supportedLngs: ['en-US', 'en-GB', 'tr'],
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await ensureLoaded(lng);
  applyDocumentLanguage(lng);
  i18next.on('languageChanged', applyDocumentLanguage);
  return i18next;
}

/** Switches the interface language; `remember` stores it as the user's choice. */
export async function changeLanguage(lng: Language, remember = true): Promise<void> {
  await ensureLoaded(lng);
  if (remember) storage.set(STORAGE_KEYS.language, lng);
  await i18next.changeLanguage(lng);
}
