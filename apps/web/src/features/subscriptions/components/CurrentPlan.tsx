import { Alert, Badge, Button, Group } from '@mantine/core';
import type { TSubscription } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { planName } from '../../../lib/billing-words';
import { paying, trialDaysLeft, useFormat } from '../format';
import { useSubscriptionAction } from '../hooks/useBilling';
import type { Confirming } from './ConfirmSubscriptionModal';

/** The trial, expiry, pause and scheduled-change notices above the plan. */
export function StateAlerts({
  subscription: s,
  onUpgrade,
}: {
  subscription: TSubscription;
  onUpgrade: () => void;
}) {
  const { t } = useTranslation('subscriptions');
  const f = useFormat();
  const action = useSubscriptionAction();
  const change = s.scheduled_change;
  const button = (kind: 'continue' | 'resume', label: string) => (
    <Button
      size="xs"
      variant={kind === 'continue' ? 'white' : 'filled'}
      onClick={() => action.mutate({ kind })}
      loading={action.isPending}
      data-testid={kind}
    >
      {label}
    </Button>
  );
  const changeText = !change
    ? ''
    : change.action === 'cancel'
      ? t('alerts.will_cancel', { date: f.date(change.effective_at) })
      : change.action === 'pause'
        ? t('alerts.will_pause', { date: f.date(change.effective_at) })
        : t('alerts.will_change', { plan: planName(t, change.plan), date: f.date(change.effective_at) });
  return (
    <div className="sub-alerts">
      {s.status === 'TRIAL' && (
        <Alert color="brand" data-testid="alert-trial">
          {t('alerts.trial', { plan: planName(t, s.plan), date: f.date(s.trial_ends_at) })}
        </Alert>
      )}
      {s.status === 'EXPIRED' && (
        <Alert color="red" data-testid="alert-expired">
          <Group justify="space-between">
            <span>{t('alerts.expired')}</span>
            {s.checkout.available && (
              <Button size="xs" onClick={onUpgrade} data-testid="expired-upgrade">
                {t('upgrade')}
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {s.status === 'CANCELLED' && <Alert color="gray">{t('alerts.cancelled')}</Alert>}
      {s.status === 'PAUSED' && (
        <Alert color="yellow" data-testid="alert-paused">
          <Group justify="space-between">
            <span>{t('alerts.paused')}</span>
            {button('resume', t('resume'))}
          </Group>
        </Alert>
      )}
      {change && (
        <Alert color="orange" data-testid={`alert-${change.action}`}>
          <Group justify="space-between">
            <span>{changeText}</span>
            {button('continue', t('continue'))}
          </Group>
        </Alert>
      )}
    </div>
  );
}

/** The plan row's text: a trial says so and how long it has left. */
export function usePlanLabel() {
  const { t } = useTranslation('subscriptions');
  return (s: TSubscription) => {
    const days = trialDaysLeft(s, new Date());
    return days === null ? planName(t, s.plan) : t('trial_plan', { plan: planName(t, s.plan), count: days });
  };
}

/** The account's plan, its dates, the month's use, and cancel or pause for a paid plan. */
export function CurrentPlan({
  subscription: s,
  onConfirm,
}: {
  subscription: TSubscription;
  onConfirm: (c: Confirming) => void;
}) {
  const { t } = useTranslation('subscriptions');
  const f = useFormat();
  const planLabel = usePlanLabel();
  const limit = (n: number | null) => (n === null ? t('unlimited') : String(n));
  const price =
    s.price.amount > 0
      ? t('price_value', {
          amount: f.money(s.price.amount, s.price.currency),
          cycle: t(`cycle.${s.billing_cycle}`),
        })
      : s.status === 'TRIAL'
        ? t('trial_price')
        : t('free_price');
  const rows: [string, string | null, string][] = [
    [t('plan'), planLabel(s), 'fact-plan'],
    [t('price'), price, 'fact-price'],
    ...(s.status === 'TRIAL'
      ? [[t('trial_ends'), f.date(s.trial_ends_at), 'fact-trial-ends'] as [string, string | null, string]]
      : []),
    [t('next_bill_date'), f.date(s.next_bill_date), 'fact-next-bill'],
    [t('renewal_date'), f.date(s.renewal_date), 'fact-renewal'],
  ];
  return (
    <div className="panel sub-current" data-testid="current-plan">
      <Group justify="space-between" mb="sm">
        <h2 className="sub-heading">{t('current')}</h2>
        <Badge data-testid="status">{t(`status.${s.status}`)}</Badge>
      </Group>
      <dl className="sub-facts">
        {rows.map(([label, value, id]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd data-testid={id}>{value ?? t('none')}</dd>
          </div>
        ))}
      </dl>
      <p className="sub-usage" data-testid="usage">
        {t('usage_conversations', { used: s.usage.conversations, limit: limit(s.limits.conversations) })}
        {' · '}
        {t('usage_collections', { used: s.usage.collections, limit: limit(s.limits.collections) })}
        {' · '}
        {t('usage_gpt_insights', { used: s.usage.gpt_insights, limit: limit(s.limits.gpt_insights) })}
      </p>
      {paying(s) && !s.scheduled_change && (
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            onClick={() => onConfirm({ kind: 'pause' })}
            data-testid="pause"
          >
            {t('pause')}
          </Button>
          <Button
            variant="default"
            color="red"
            size="xs"
            onClick={() => onConfirm({ kind: 'cancel' })}
            data-testid="cancel"
          >
            {t('cancel')}
          </Button>
        </Group>
      )}
    </div>
  );
}
