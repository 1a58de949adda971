import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '../ui/Button';
import { ChunkLoadError } from './lazy';

/** Shown when a page fails to render or its chunk cannot be loaded. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = error instanceof ChunkLoadError ? error : null;
  return (
    <main className="error-page" role="alert" data-testid="route-error">
      <h1 className="auth-title">{chunk ? t('errors.chunk_failed') : t('errors.something_went_wrong')}</h1>
      <p className="auth-subtitle">{chunk ? t(`errors.chunk_${chunk.type}`) : t('errors.try_reload')}</p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </Button>
    </main>
  );
}
