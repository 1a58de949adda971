/**
 * The engine's languages: one folder each under languages/, exporting its pack, and one
 * line here. Every stage reads its words from the pack of the question's language; a pack from
 * outside (a test's pseudo-locale) is added with `registerLanguage` without touching any stage.
 */
import { EN } from './en/pack';
import { registerLanguage } from './registry';
import { TR } from './tr/pack';

registerLanguage(EN);
registerLanguage(TR);

export {
  detectLanguage,
  getLanguagePack,
  listLanguages,
  registerLanguage,
  userLanguagePack,
} from './registry';
export type { TLanguageCode, TLanguagePack, TWordPosition } from './types';
