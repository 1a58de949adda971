import { Alert, Badge, Button, Group, SegmentedControl } from '@mantine/core';
import { type BillingCycle, isUpgrade, type PlanId, type TPlans, type TSubscription } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { planName } from '../../../lib/billing-words';
import { paying, trialDaysLeft, useFormat } from '../format';

type Plan = TPlans[number];

/** The id of the one notice that says why plans cannot be bought; the buttons point to it. */
const UNAVAILABLE_ID = 'sub-checkout-unavailable';

/** The plans with the billing-cycle toggle; one notice when no plan can be bought here. */
export function PlansPanel({
  plans,
  cycle,
  onCycle,
  subscription: s,
  onChoose,
}: {
  plans: TPlans;
  cycle: BillingCycle;
  onCycle: (cycle: BillingCycle) => void;
  subscription: TSubscription;
  onChoose: (plan: PlanId) => void;
}) {
  const { t } = useTranslation('subscriptions');
  return (
    <div className="panel sub-plans" data-testid="plans">
      <Group justify="space-between" mb="md">
        <h2 className="sub-heading">{t('plans')}</h2>
        <Group gap="xs">
          <SegmentedControl
            value={cycle}
            onChange={(v) => onCycle(v as BillingCycle)}
            data={[
              { value: 'monthly', label: t('monthly') },
              { value: 'annual', label: t('annual') },
            ]}
            data-testid="cycle-toggle"
          />
          <Badge variant="light" color="teal">
            {t('two_months_free')}
          </Badge>
        </Group>
      </Group>
      {!s.checkout.available && !paying(s) && (
        <Alert color="gray" mb="md" id={UNAVAILABLE_ID} data-testid="checkout-unavailable">
          {t(`checkout_unavailable.${s.checkout.reason ?? 'no_provider'}`)}
        </Alert>
      )}
      <div className="sub-plan-grid">
        {plans.map((p) => (
          <PlanCard key={p.plan} plan={p} cycle={cycle} subscription={s} onChoose={onChoose} />
        ))}
      </div>
    </div>
  );
}

function PlanLimits({ plan: p }: { plan: Plan }) {
  const { t } = useTranslation('subscriptions');
  const l = p.limits;
  return (
    <ul>
      <li>
        {l.conversations === null
          ? t('limits.conversations_unlimited')
          : t('limits.conversations', { count: l.conversations })}
      </li>
      <li>
        {l.gpt_insights === null
          ? t('limits.gpt_insights_unlimited')
          : t('limits.gpt_insights', { count: l.gpt_insights })}
      </li>
      <li>{t('limits.collections', { count: l.collections ?? 0 })}</li>
      <li>{t('limits.cards', { count: l.cards_per_collection ?? 0 })}</li>
      <li>{t('limits.digests', { list: l.digests.map((d) => t(`digests.${d}`)).join(', ') })}</li>
    </ul>
  );
}

function PlanCard({
  plan: p,
  cycle,
  subscription: s,
  onChoose,
}: {
  plan: Plan;
  cycle: BillingCycle;
  subscription: TSubscription;
  onChoose: (plan: PlanId) => void;
}) {
  const { t } = useTranslation('subscriptions');
  const f = useFormat();
  const current = paying(s)
    ? s.plan === p.plan && s.billing_cycle === cycle
    : p.plan === 'free' && s.plan === 'free';
  const trialDays = s.plan === p.plan ? trialDaysLeft(s, new Date()) : null;
  const price = cycle === 'annual' ? p.prices.annual : p.prices.monthly;
  const upgrade = paying(s) ? isUpgrade(s.plan, p.plan) || (s.plan === p.plan && cycle === 'annual') : true;
  // Without a provider nothing can be bought: the button stays, disabled, pointing at the reason.
  const blocked = !paying(s) && !s.checkout.available;
  const classes = `sub-plan${current ? ' is-current' : ''}${trialDays !== null ? ' is-trial' : ''}`;
  return (
    <div className={classes} data-testid={`plan-${p.plan}`}>
      <Group justify="space-between" gap="xs">
        <h3>{planName(t, p.plan)}</h3>
        {trialDays !== null && (
          <Badge color="grape" variant="light" data-testid="trial-badge">
            {t('trial_badge', { count: trialDays })}
          </Badge>
        )}
      </Group>
      <p className="sub-price">
        {price === 0 ? t('free_price') : f.money(price, p.prices.currency)}
        {price > 0 && <span> {cycle === 'annual' ? t('per_year') : t('per_month')}</span>}
      </p>
      <PlanLimits plan={p} />
      {current ? (
        <Badge variant="outline">{t('current_badge')}</Badge>
      ) : p.plan === 'free' && !paying(s) ? null : (
        <Button
          size="xs"
          variant={upgrade ? 'filled' : 'default'}
          onClick={() => onChoose(p.plan)}
          disabled={blocked}
          aria-describedby={blocked ? UNAVAILABLE_ID : undefined}
          data-testid={`choose-${p.plan}`}
        >
          {paying(s) ? (upgrade ? t('upgrade') : t('downgrade')) : t('choose')}
        </Button>
      )}
    </div>
  );
}
