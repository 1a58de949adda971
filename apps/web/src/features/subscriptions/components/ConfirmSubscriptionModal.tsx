import { NativeSelect } from '@mantine/core';
import {
  type BillingCycle,
  isUpgrade,
  type PlanId,
  type TFallback,
  type TSubscription,
} from '@parley/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planName } from '../../../lib/billing-words';
import { ConfirmModal } from '../../../ui/ConfirmModal';
import { useFormat } from '../format';
import { useAddresses, useCheckout, usePricingPreview, useSubscriptionAction } from '../hooks/useBilling';
import { addressLine, useCountryName } from './Addresses';
import { FallbackWarning, TrialPurchaseNote } from './ConfirmNotes';

/** What a confirmation dialog is about. */
export type Confirming =
  | { kind: 'checkout'; plan: PlanId; cycle: BillingCycle }
  | { kind: 'change'; plan: PlanId; cycle: BillingCycle }
  | { kind: 'cancel' | 'pause' };

function PricingPreview({
  plan,
  cycle,
  addressId,
}: {
  plan: PlanId;
  cycle: BillingCycle;
  addressId: string;
}) {
  const { t } = useTranslation('subscriptions');
  const f = useFormat();
  const preview = usePricingPreview({
    plan,
    billing_cycle: cycle,
    ...(addressId ? { address_id: addressId } : {}),
  });
  if (!preview.data) return preview.isLoading ? <p>{t('confirm.loading_preview')}</p> : null;
  const rows = [
    ['subtotal', preview.data.subtotal],
    ['tax', preview.data.tax],
    ['total', preview.data.total],
  ] as const;
  return (
    <dl className="sub-facts" data-testid="pricing-preview">
      {rows.map(([key, amount]) => (
        <div key={key}>
          <dt>{t(`confirm.${key}`)}</dt>
          <dd>
            {key === 'total' ? (
              <strong>{f.money(amount, preview.data.currency)}</strong>
            ) : (
              f.money(amount, preview.data.currency)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The lower plan an action leaves the account on, with what exceeds it: a cancel or a pause falls
 * to Free (a paused account has Free's limits), a downgrade to the chosen plan; null otherwise.
 */
export function landing(c: Confirming, s: TSubscription): TFallback | null {
  if (c.kind === 'cancel' || c.kind === 'pause') return s.fallback;
  if (c.kind !== 'change' || c.plan === s.plan || isUpgrade(s.plan, c.plan)) return null;
  return s.downgrades.find((d) => d.plan === c.plan) ?? null;
}

/** Checkout, plan change, cancel or pause: says what happens, then asks. */
export function ConfirmSubscriptionModal({
  confirming: c,
  subscription: s,
  onClose,
}: {
  confirming: Confirming;
  subscription: TSubscription;
  onClose: () => void;
}) {
  const { t } = useTranslation('subscriptions');
  const f = useFormat();
  const action = useSubscriptionAction();
  const checkout = useCheckout();
  const addresses = useAddresses();
  const countryName = useCountryName();
  const [addressId, setAddressId] = useState<string>('');
  const chosenAddress = addressId || addresses.data?.[0]?.id || '';
  const name = 'plan' in c ? planName(t, c.plan) : '';
  const renewal = f.date(s.renewal_date);
  const title =
    c.kind === 'checkout'
      ? t('confirm.title_checkout', { plan: name })
      : c.kind === 'change'
        ? t('confirm.title_change', { plan: name })
        : t(`confirm.title_${c.kind}`);

  const confirm = () => {
    if (c.kind === 'checkout')
      checkout.mutate({
        plan: c.plan,
        billing_cycle: c.cycle,
        ...(chosenAddress ? { address_id: chosenAddress } : {}),
      });
    else if (c.kind === 'change')
      action.mutate(
        { kind: 'change', body: { plan: c.plan, billing_cycle: c.cycle } },
        { onSuccess: onClose },
      );
    else action.mutate({ kind: c.kind }, { onSuccess: onClose });
  };

  return (
    <ConfirmModal
      opened
      onClose={onClose}
      title={title}
      confirmLabel={c.kind === 'checkout' ? t('confirm.to_checkout') : t('confirm.confirm')}
      cancelLabel={t('confirm.back')}
      busy={action.isPending || checkout.isPending}
      onConfirm={confirm}
      testId="confirm-modal"
      confirmTestId="confirm"
    >
      {c.kind === 'change' && (
        <p>
          {isUpgrade(s.plan, c.plan) || (s.plan === c.plan && c.cycle === 'annual')
            ? t('confirm.upgrade_now')
            : t('confirm.downgrade_later', { date: renewal })}
        </p>
      )}
      {c.kind === 'cancel' && <p>{t('confirm.cancel_text', { date: renewal })}</p>}
      {c.kind === 'pause' && <p>{t('confirm.pause_text', { date: renewal })}</p>}
      <FallbackWarning fallback={landing(c, s)} />
      {c.kind === 'checkout' && (
        <>
          <TrialPurchaseNote subscription={s} cycle={c.cycle} />
          <NativeSelect
            label={t('confirm.address')}
            value={chosenAddress}
            onChange={(e) => setAddressId(e.currentTarget.value)}
            data={[
              { value: '', label: t('confirm.no_address') },
              ...(addresses.data ?? []).map((a) => ({ value: a.id, label: addressLine(a, countryName) })),
            ]}
            mb="sm"
          />
          <PricingPreview plan={c.plan} cycle={c.cycle} addressId={chosenAddress} />
        </>
      )}
    </ConfirmModal>
  );
}
