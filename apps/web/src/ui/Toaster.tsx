import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissToast, subscribeToasts, type Toast } from '../lib/toast';

/** Renders the toast stack at the bottom right. */
export function Toaster() {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<readonly Toast[]>([]);
  useEffect(() => subscribeToasts(setToasts), []);
  return (
    <section className="toasts" aria-live="polite" aria-label={t('common.notifications')}>
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className="toast"
          data-type={toast.type}
          data-testid="toast"
          role={toast.type === 'error' ? 'alert' : 'status'}
        >
          <div className="toast-message">{toast.message}</div>
          <button
            type="button"
            className="toast-close"
            aria-label={t('common.close')}
            onClick={() => dismissToast(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
