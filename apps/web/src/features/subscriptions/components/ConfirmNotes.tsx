import { Alert, List, Text } from '@mantine/core';
import type { BillingCycle, TFallback, TSubscription } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { planName } from '../../../lib/billing-words';
import { paidUntil, trialDaysLeft, useFormat } from '../format';

/**
 * Buying during the trial: the trial ends at payment and the paid period starts that day; the
 * days left are not added (what the server does when the payment arrives).
 */
export function TrialPurchaseNote({
  subscription: s,
  cycle,
}: {
  subscription: TSubscription;
  cycle: BillingCycle;
}) {
  const { t } = useTranslation('subscriptions');
  const f = useFormat();
  const days = trialDaysLeft(s, new Date());
  if (days === null) return null;
  return (
    <Alert color="brand" mb="sm" data-testid="trial-purchase-note">
      {t('confirm.trial_ends_now', {
        count: days,
        date: f.date(paidUntil(new Date(), cycle).toISOString()),
      })}
    </Alert>
  );
}

/** Before a cancel, pause or downgrade: which collections exceed the plan the account lands on, by name. */
export function FallbackWarning({ fallback }: { fallback: TFallback | null }) {
  const { t } = useTranslation('subscriptions');
  if (!fallback) return null;
  const plan = planName(t, fallback.plan);
  const { count, limit } = fallback.collections;
  const tooMany = limit !== null && count > limit;
  if (!tooMany && fallback.over.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="fallback-fits">
        {t('confirm.fallback_fits', { plan })}
      </Text>
    );
  }
  return (
    <Alert color="orange" title={t('confirm.fallback_title', { plan })} data-testid="fallback-warning">
      {tooMany && <Text size="sm">{t('confirm.fallback_collections', { count, limit, plan })}</Text>}
      {fallback.over.length > 0 && (
        <>
          <Text size="sm">{t('confirm.fallback_cards', { plan })}</Text>
          <List size="sm" data-testid="fallback-over">
            {fallback.over.map((c) => (
              <List.Item key={c.id}>
                {t('confirm.fallback_item', { name: c.name, count: c.cards, limit: c.limit })}
              </List.Item>
            ))}
          </List>
        </>
      )}
      <Text size="sm" mt="xs">
        {t('confirm.fallback_keep')}
      </Text>
    </Alert>
  );
}
