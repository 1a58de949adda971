import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SafeHtml } from '../../ui/SafeHtml';
import { PageSpinner } from '../../ui/Spinner';
import { useHelpArticle } from './hooks/useHelpArticle';
import { renderMarkdown } from './markdown';

/** /help/{id}: the static article /help/{id}.md, or 'No Content Found!' when it is missing. */
export default function HelpArticlePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const article = useHelpArticle(id);
  if (article.isPending) return <PageSpinner label={t('common.loading')} />;
  const text = article.data ?? null;
  return (
    <article className="article" data-testid="help-article">
      {text === null ? (
        <p data-testid="help-article-empty">{t('help.no_content')}</p>
      ) : (
        <SafeHtml html={renderMarkdown(text)} />
      )}
    </article>
  );
}
