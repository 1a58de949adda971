/**
 * The help articles' text for search. The markdown files of apps/server/help are bundled at build
 * time, one chunk per language (articles.en.ts, articles.tr.ts), and loaded on the first search,
 * so the app's first paint does not carry them.
 */
export type ArticleLanguage = 'en' | 'tr';

/** The article language of a UI language: Turkish for tr, English for en-US and en-GB. */
export const articleLanguage = (lng: string): ArticleLanguage => (lng.startsWith('tr') ? 'tr' : 'en');

const LOADERS: Record<ArticleLanguage, () => Promise<{ default: Record<string, string> }>> = {
  en: () => import('./articles.en'),
  tr: () => import('./articles.tr'),
};

/** The articles of a language as markdown by id (their own chunk, fetched once). */
export async function loadArticles(language: ArticleLanguage): Promise<Record<string, string>> {
  return (await LOADERS[language]()).default;
}
