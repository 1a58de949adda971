/** Where the pack contract lived before issue 28: kept for the files still importing it from here. */
export type { TLanguageCode, TLanguagePack } from '../../languages';
