import { useTranslation } from 'react-i18next';
import { KIND_ICONS } from '../words';

/** The empty list: how to link each kind of assistant, from the assistant's side. */
export function LinkHelp({ origin }: { origin: string }) {
  const { t } = useTranslation('assistants');
  return (
    <div data-testid="assistants-empty">
      <h2 className="panel-title">{t('page.empty_title')}</h2>
      <p className="page-subtitle">{t('page.empty_text')}</p>
      <ul className="assistant-list">
        {(['alexa', 'msbot', 'mcp'] as const).map((kind) => {
          const Icon = KIND_ICONS[kind];
          return (
            <li key={kind} className="assistant-row" data-testid={`assistants-how-${kind}`}>
              <span className="assistant-kind" aria-hidden="true">
                <Icon size={20} />
              </span>
              <div className="assistant-main">
                <p className="assistant-name">{t(`kind.${kind}`)}</p>
                <p className="assistant-meta">{t(`page.how.${kind}`, { url: `${origin}/mcp` })}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
