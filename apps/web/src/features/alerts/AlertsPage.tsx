import './alerts.css';
import './i18n';
import type { TAlert, TAlertUpdateBody } from '@parley/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assertNever } from '../../lib/assert-never';
import { ConfirmModal, DANGER } from '../../ui/ConfirmModal';
import { BellIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { useSession } from '../session';
import { SettingsFrame } from '../settings';
import { AlertDialog } from './components/AlertDialog';
import { type AlertAction, AlertRow } from './components/AlertRow';
import { useAlerts, useChangeAlert, useDeleteAlert } from './hooks/useAlerts';
import { alertSentence, snoozeUntil } from './words';

/** The PUT body of a list action (pause, resume, snooze, wake); null for those that open a dialog. */
export function updateFor(alert: TAlert, action: AlertAction, now: Date): TAlertUpdateBody | null {
  switch (action) {
    case 'pause':
      return { id: alert.id, paused: true };
    case 'resume':
      return { id: alert.id, paused: false };
    case 'snooze_day':
      return { id: alert.id, snoozed_until: snoozeUntil(now, 1) };
    case 'snooze_week':
      return { id: alert.id, snoozed_until: snoozeUntil(now, 7) };
    case 'wake':
      return { id: alert.id, snoozed_until: null };
    case 'edit':
    case 'delete':
      return null;
    default:
      return assertNever(action);
  }
}

/** /user/alerts — Settings → Alerts (DESIGN §12): each alert in a sentence; edit, pause, snooze, delete. */
export default function AlertsPage() {
  const { t, i18n } = useTranslation();
  const { tenant } = useSession();
  const alerts = useAlerts();
  const change = useChangeAlert();
  const remove = useDeleteAlert();
  const [editing, setEditing] = useState<TAlert | null>(null);
  const [deleting, setDeleting] = useState<TAlert | null>(null);
  const now = new Date();

  const act = (alert: TAlert, action: AlertAction) => {
    if (action === 'edit') return setEditing(alert);
    if (action === 'delete') return setDeleting(alert);
    const update = updateFor(alert, action, new Date());
    if (update) change.mutate(update);
  };

  return (
    <SettingsFrame testId="alerts" title={t('pages.alerts')} subtitle={t('alerts:page.subtitle')}>
      <div className="panel settings-panel">
        {alerts.isError ? (
          <p role="alert" data-testid="alerts-error">
            {t('alerts:page.load_failed')}
          </p>
        ) : !alerts.data ? (
          <Spinner size={24} label={t('common.loading')} />
        ) : alerts.data.length === 0 ? (
          <div className="empty-state" data-testid="alerts-empty">
            <BellIcon size={28} />
            <strong>{t('alerts:page.empty_title')}</strong>
            <span>{t('alerts:page.empty_text')}</span>
          </div>
        ) : (
          <ul className="alert-list" aria-label={t('alerts:page.list')} data-testid="alert-list">
            {alerts.data.map((alert) => (
              <AlertRow
                key={alert.id}
                alert={alert}
                now={now}
                zone={tenant?.timezone ?? null}
                busy={change.isPending && change.variables?.id === alert.id}
                onAction={act}
              />
            ))}
          </ul>
        )}
      </div>
      {editing ? <AlertDialog alert={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmModal
        opened={deleting !== null}
        title={t('alerts:page.delete_title')}
        text={t('alerts:page.delete_text', {
          sentence: deleting
            ? alertSentence(deleting.condition, deleting.query, i18n.getFixedT(null, 'alerts'), i18n.language)
            : '',
        })}
        confirmLabel={t('alerts:page.delete')}
        color={DANGER}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting, { onSettled: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
        testId="alert-delete-modal"
      />
    </SettingsFrame>
  );
}
