import './subscriptions.css';
import './i18n';
import { Alert, Loader } from '@mantine/core';
import type { BillingCycle, PlanId } from '@parley/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SettingsNav } from '../settings';
import { Addresses } from './components/Addresses';
import { type Confirming, ConfirmSubscriptionModal } from './components/ConfirmSubscriptionModal';
import { CurrentPlan, StateAlerts } from './components/CurrentPlan';
import { Payments } from './components/Payments';
import { PlansPanel } from './components/Plans';
import { paying } from './format';
import { usePlans, useSubscription } from './hooks/useBilling';

/** /user/subscriptions (spec 2 §4, §8, §9): plan and state, plans, payments, addresses. */
export default function SubscriptionsPage() {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('subscriptions');
  // The provider's checkout sends the buyer back here with ?checkout=success.
  const [params, setParams] = useSearchParams();
  const returning = params.get('checkout') === 'success';
  const awaitingPayment = useMemo(
    () => (returning ? { paid: paying, onPaid: () => setParams({}, { replace: true }) } : null),
    [returning, setParams],
  );
  const subscription = useSubscription(awaitingPayment);
  const plans = usePlans();
  const [chosenCycle, setCycle] = useState<BillingCycle | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const s = subscription.data;
  // The toggle starts at the account's own billing cycle.
  const cycle = chosenCycle ?? s?.billing_cycle ?? 'monthly';

  const choose = (plan: PlanId) => {
    if (!s) return;
    setConfirming(paying(s) ? { kind: 'change', plan, cycle } : { kind: 'checkout', plan, cycle });
  };

  return (
    <section className="page" data-testid="page-subscriptions">
      <header className="page-header">
        <h1 className="page-title">{t('pages.subscriptions')}</h1>
        <p className="page-subtitle">{ts('subtitle')}</p>
      </header>
      <SettingsNav />
      {!s ? (
        subscription.isLoading ? (
          <Loader size="sm" />
        ) : null
      ) : (
        <>
          {returning && !paying(s) && (
            <Alert color="brand" data-testid="alert-processing">
              {ts('alerts.processing')}
            </Alert>
          )}
          <StateAlerts subscription={s} onUpgrade={() => choose('premium')} />
          <CurrentPlan subscription={s} onConfirm={setConfirming} />
          <PlansPanel
            plans={plans.data ?? []}
            cycle={cycle}
            onCycle={setCycle}
            subscription={s}
            onChoose={choose}
          />
          <Payments />
          <Addresses />
          {confirming && (
            <ConfirmSubscriptionModal
              confirming={confirming}
              subscription={s}
              onClose={() => setConfirming(null)}
            />
          )}
        </>
      )}
    </section>
  );
}
