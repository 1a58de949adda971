import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchText } from '../../../lib/api';
import { articleLanguage, loadArticles } from '../articles';

/** The static article /help/{id}.{lang}.md in the UI's language (English where untranslated); null when missing. */
export function useHelpArticle(id: string) {
  const { i18n } = useTranslation();
  const language = articleLanguage(i18n.language);
  return useQuery({
    queryKey: ['help', language, id],
    queryFn: ({ signal }) => fetchText(`/help/${encodeURIComponent(id)}.${language}.md`, signal),
    staleTime: Infinity,
  });
}

/** The help articles' markdown by id in the UI's language, loaded once when `enabled` (the first search). */
export function useHelpArticleTexts(enabled: boolean) {
  const { i18n } = useTranslation();
  const language = articleLanguage(i18n.language);
  return useQuery({
    queryKey: ['help', language, 'texts'],
    queryFn: () => loadArticles(language),
    staleTime: Infinity,
    enabled,
  });
}
