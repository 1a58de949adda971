import type { TSuggestions } from '@parley/contract';
import { useTranslation } from 'react-i18next';

/**
 * The empty conversation: a greeting and starter questions about the source they came from,
 * named, so a click asks that source (not whatever the picker shows).
 */
export function StarterQuestions({
  data,
  onAsk,
}: {
  data: TSuggestions | undefined;
  onAsk: (phrase: string, datasourceId: string | undefined) => void;
}) {
  const { t } = useTranslation('conversation');
  const source = data?.datasource ?? null;
  return (
    <div className="conversation-empty" data-testid="conversation-empty">
      <h2 className="panel-title">{t('empty_title')}</h2>
      <p className="page-subtitle" data-testid="starters-source" data-source-id={source?.id}>
        {source ? t('starters_about', { source: source.name }) : t('empty_text')}
      </p>
      <div className="suggestion-chips">
        {(data?.suggestions ?? []).slice(0, 6).map((s) => (
          <button
            key={s}
            type="button"
            className="chip"
            onClick={() => onAsk(s, source?.id)}
            data-testid="suggestion-chip"
          >
            {s}
          </button>
        ))}
      </div>
    </div>
  );
}
