import type { TAlert } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { formatMoment } from '../../../lib/moment';
import { Button } from '../../../ui/Button';
import { alertSentence, isSnoozed } from '../words';

export type AlertAction = 'edit' | 'pause' | 'resume' | 'snooze_day' | 'snooze_week' | 'wake' | 'delete';

/** One alert: its sentence, schedule and state (paused, snoozed, last fired), and what can be done with it. */
export function AlertRow(props: {
  alert: TAlert;
  now: Date;
  zone: string | null;
  busy: boolean;
  onAction: (alert: TAlert, action: AlertAction) => void;
}) {
  const { t, i18n } = useTranslation('alerts');
  const { alert, now } = props;
  const locale = i18n.language || 'en-US';
  const when = (iso: string) => formatMoment(iso, locale, props.zone);
  const snoozed = isSnoozed(alert, now);
  const actions: AlertAction[] = [
    'edit',
    alert.paused ? 'resume' : 'pause',
    ...(snoozed ? (['wake'] as const) : (['snooze_day', 'snooze_week'] as const)),
    'delete',
  ];
  return (
    <li
      className="alert-row"
      data-testid="alert-row"
      data-id={alert.id}
      data-paused={alert.paused || undefined}
      data-snoozed={snoozed || undefined}
    >
      <div className="alert-main">
        <p className="alert-sentence" data-testid="alert-sentence">
          {alertSentence(alert.condition, alert.query, t, locale)}
        </p>
        <p className="alert-meta">
          “{alert.phrase}” · {t(`schedules.${alert.schedule}`)}
        </p>
        <p className="alert-meta" data-testid="alert-state">
          {alert.paused ? <span className="alert-state">{t('page.paused')}</span> : null}
          {snoozed && alert.snoozed_until ? (
            <span className="alert-state">{t('page.snoozed', { date: when(alert.snoozed_until) })}</span>
          ) : null}
          {alert.last_fired_at
            ? t('page.last_fired', { date: when(alert.last_fired_at) })
            : t('page.never_fired')}
        </p>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of buttons, not a form section */}
      <div className="alert-actions" role="group" aria-label={t('page.actions', { phrase: alert.phrase })}>
        {actions.map((action) => (
          <Button
            key={action}
            variant="subtle"
            disabled={props.busy}
            onClick={() => props.onAction(alert, action)}
            data-testid={`alert-${action.replace('_', '-')}`}
          >
            {t(`page.${action}`)}
          </Button>
        ))}
      </div>
    </li>
  );
}
