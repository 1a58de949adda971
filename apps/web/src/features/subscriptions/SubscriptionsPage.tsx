import './subscriptions.css';
import './i18n';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  NativeSelect,
  SegmentedControl,
  Table,
  TextInput,
} from '@mantine/core';
import {
  type BillingCycle,
  isUpgrade,
  type PlanId,
  type TAddress,
  type TPlans,
  type TSubscription,
} from '@parley/contract';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SettingsNav } from '../settings';
import {
  useAddresses,
  useCheckout,
  usePayments,
  usePlans,
  usePricingPreview,
  useSaveAddress,
  useSubscription,
  useSubscriptionAction,
} from './hooks/useBilling';

type Plan = TPlans[number];
/** What a confirmation dialog is about. */
type Confirming =
  | { kind: 'checkout'; plan: PlanId; cycle: BillingCycle }
  | { kind: 'change'; plan: PlanId; cycle: BillingCycle }
  | { kind: 'cancel' | 'pause' };

function useFormat() {
  const { i18n } = useTranslation();
  const lng = i18n.language || 'en-US';
  return {
    date: (iso: string | null) =>
      iso ? new Intl.DateTimeFormat(lng, { dateStyle: 'medium' }).format(new Date(iso)) : null,
    money: (amount: number, currency: string) =>
      new Intl.NumberFormat(lng, { style: 'currency', currency, maximumFractionDigits: 2 }).format(amount),
  };
}

/** Whether the account pays for a plan now (changes go through `change`, not a new checkout). */
const paying = (s: TSubscription) => s.status === 'ACTIVE' && s.plan !== 'free' && s.renewal_date !== null;

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
          <div className="panel sub-plans" data-testid="plans">
            <Group justify="space-between" mb="md">
              <h2 className="sub-heading">{ts('plans')}</h2>
              <Group gap="xs">
                <SegmentedControl
                  value={cycle}
                  onChange={(v) => setCycle(v as BillingCycle)}
                  data={[
                    { value: 'monthly', label: ts('monthly') },
                    { value: 'annual', label: ts('annual') },
                  ]}
                  data-testid="cycle-toggle"
                />
                <Badge variant="light" color="teal">
                  {ts('two_months_free')}
                </Badge>
              </Group>
            </Group>
            <div className="sub-plan-grid">
              {(plans.data ?? []).map((p) => (
                <PlanCard key={p.plan} plan={p} cycle={cycle} subscription={s} onChoose={choose} />
              ))}
            </div>
          </div>
          <Payments />
          <Addresses />
          {confirming && (
            <ConfirmModal confirming={confirming} subscription={s} onClose={() => setConfirming(null)} />
          )}
        </>
      )}
    </section>
  );
}

function StateAlerts({ subscription: s, onUpgrade }: { subscription: TSubscription; onUpgrade: () => void }) {
  const { t } = useTranslation('subscriptions');
  const f = useFormat();
  const action = useSubscriptionAction();
  const change = s.scheduled_change;
  const undo = (
    <Button
      size="xs"
      variant="white"
      onClick={() => action.mutate({ kind: 'continue' })}
      loading={action.isPending}
      data-testid="continue"
    >
      {t('continue')}
    </Button>
  );
  const planName = (id: PlanId | undefined) => (id ? id.charAt(0).toUpperCase() + id.slice(1) : '');
  return (
    <div className="sub-alerts">
      {s.status === 'TRIAL' && (
        <Alert color="brand" data-testid="alert-trial">
          {t('alerts.trial', { plan: planName(s.plan), date: f.date(s.trial_ends_at) })}
        </Alert>
      )}
      {s.status === 'EXPIRED' && (
        <Alert color="red" data-testid="alert-expired">
          <Group justify="space-between">
            <span>{t('alerts.expired')}</span>
            <Button size="xs" onClick={onUpgrade} data-testid="expired-upgrade">
              {t('upgrade')}
            </Button>
          </Group>
        </Alert>
      )}
      {s.status === 'CANCELLED' && <Alert color="gray">{t('alerts.cancelled')}</Alert>}
      {s.status === 'PAUSED' && (
        <Alert color="yellow" data-testid="alert-paused">
          <Group justify="space-between">
            <span>{t('alerts.paused')}</span>
            <Button
              size="xs"
              onClick={() => action.mutate({ kind: 'resume' })}
              loading={action.isPending}
              data-testid="resume"
            >
              {t('resume')}
            </Button>
          </Group>
        </Alert>
      )}
      {change && (
        <Alert color="orange" data-testid={`alert-${change.action}`}>
          <Group justify="space-between">
            <span>
              {change.action === 'cancel'
                ? t('alerts.will_cancel', { date: f.date(change.effective_at) })
                : change.action === 'pause'
                  ? t('alerts.will_pause', { date: f.date(change.effective_at) })
                  : t('alerts.will_change', {
                      plan: planName(change.plan),
                      date: f.date(change.effective_at),
                    })}
            </span>
            {undo}
          </Group>
        </Alert>
      )}
    </div>
  );
}

function CurrentPlan({
  subscription: s,
  onConfirm,
}: {
  subscription: TSubscription;
  onConfirm: (c: Confirming) => void;
}) {
  const { t } = useTranslation('subscriptions');
  const f = useFormat();
  const limit = (n: number | null) => (n === null ? t('unlimited') : String(n));
  const rows: [string, string | null][] = [
    [t('plan'), s.plan.charAt(0).toUpperCase() + s.plan.slice(1)],
    [
      t('price'),
      s.price.amount > 0
        ? t('price_value', {
            amount: f.money(s.price.amount, s.price.currency),
            cycle: t(`cycle.${s.billing_cycle}`),
          })
        : s.status === 'TRIAL'
          ? t('trial_price')
          : t('free_price'),
    ],
    ...(s.status === 'TRIAL' ? [[t('trial_ends'), f.date(s.trial_ends_at)] as [string, string | null]] : []),
    [t('next_bill_date'), f.date(s.next_bill_date)],
    [t('renewal_date'), f.date(s.renewal_date)],
  ];
  return (
    <div className="panel sub-current" data-testid="current-plan">
      <Group justify="space-between" mb="sm">
        <h2 className="sub-heading">{t('current')}</h2>
        <Badge data-testid="status">{t(`status.${s.status}`)}</Badge>
      </Group>
      <dl className="sub-facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value ?? t('none')}</dd>
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
  const price = cycle === 'annual' ? p.prices.annual : p.prices.monthly;
  const l = p.limits;
  const upgrade = paying(s) ? isUpgrade(s.plan, p.plan) || (s.plan === p.plan && cycle === 'annual') : true;
  return (
    <div className={`sub-plan${current ? ' is-current' : ''}`} data-testid={`plan-${p.plan}`}>
      <h3>{p.name}</h3>
      <p className="sub-price">
        {price === 0 ? t('free_price') : f.money(price, p.prices.currency)}
        {price > 0 && <span> {cycle === 'annual' ? t('per_year') : t('per_month')}</span>}
      </p>
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
      {current ? (
        <Badge variant="outline">{t('current_badge')}</Badge>
      ) : p.plan === 'free' && !paying(s) ? null : (
        <Button
          size="xs"
          variant={upgrade ? 'filled' : 'default'}
          onClick={() => onChoose(p.plan)}
          data-testid={`choose-${p.plan}`}
        >
          {paying(s) ? (upgrade ? t('upgrade') : t('downgrade')) : t('choose')}
        </Button>
      )}
    </div>
  );
}

function ConfirmModal({
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
  const [addressId, setAddressId] = useState<string>('');
  const defaultAddress = addresses.data?.[0]?.id ?? '';
  const chosenAddress = addressId || defaultAddress;
  const priced =
    c.kind === 'checkout'
      ? { plan: c.plan, billing_cycle: c.cycle, ...(chosenAddress ? { address_id: chosenAddress } : {}) }
      : null;
  const preview = usePricingPreview(priced);
  const name = 'plan' in c ? c.plan.charAt(0).toUpperCase() + c.plan.slice(1) : '';
  const renewal = f.date(s.renewal_date);
  const title =
    c.kind === 'checkout'
      ? t('confirm.title_checkout', { plan: name })
      : c.kind === 'change'
        ? t('confirm.title_change', { plan: name })
        : c.kind === 'cancel'
          ? t('confirm.title_cancel')
          : t('confirm.title_pause');

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
    <Modal opened onClose={onClose} title={title} centered data-testid="confirm-modal">
      {c.kind === 'change' && (
        <p>
          {isUpgrade(s.plan, c.plan) || (s.plan === c.plan && c.cycle === 'annual')
            ? t('confirm.upgrade_now')
            : t('confirm.downgrade_later', { date: renewal })}
        </p>
      )}
      {c.kind === 'cancel' && <p>{t('confirm.cancel_text', { date: renewal })}</p>}
      {c.kind === 'pause' && <p>{t('confirm.pause_text', { date: renewal })}</p>}
      {c.kind === 'checkout' && (
        <>
          <NativeSelect
            label={t('confirm.address')}
            value={chosenAddress}
            onChange={(e) => setAddressId(e.currentTarget.value)}
            data={[
              { value: '', label: t('confirm.no_address') },
              ...(addresses.data ?? []).map((a) => ({ value: a.id, label: addressLine(a) })),
            ]}
            mb="sm"
          />
          {preview.data ? (
            <dl className="sub-facts" data-testid="pricing-preview">
              <div>
                <dt>{t('confirm.subtotal')}</dt>
                <dd>{f.money(preview.data.subtotal, preview.data.currency)}</dd>
              </div>
              <div>
                <dt>{t('confirm.tax')}</dt>
                <dd>{f.money(preview.data.tax, preview.data.currency)}</dd>
              </div>
              <div>
                <dt>{t('confirm.total')}</dt>
                <dd>
                  <strong>{f.money(preview.data.total, preview.data.currency)}</strong>
                </dd>
              </div>
            </dl>
          ) : preview.isLoading ? (
            <p>{t('confirm.loading_preview')}</p>
          ) : null}
        </>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('confirm.back')}
        </Button>
        <Button onClick={confirm} loading={action.isPending || checkout.isPending} data-testid="confirm">
          {c.kind === 'checkout' ? t('confirm.to_checkout') : t('confirm.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}

const addressLine = (a: TAddress) =>
  [a.name, a.first_line, a.city, a.postal_code, a.country].filter((x) => x.trim() !== '').join(', ');

function Payments() {
  const { t } = useTranslation('subscriptions');
  const f = useFormat();
  const payments = usePayments();
  const rows = payments.data ?? [];
  return (
    <div className="panel sub-section" data-testid="payments">
      <h2 className="sub-heading">{t('payments.title')}</h2>
      {rows.length === 0 ? (
        <p>{t('payments.empty')}</p>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('payments.invoice_no')}</Table.Th>
              <Table.Th>{t('payments.due_date')}</Table.Th>
              <Table.Th>{t('payments.billing_date')}</Table.Th>
              <Table.Th>{t('payments.amount')}</Table.Th>
              <Table.Th>{t('payments.paid')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p, i) => (
              <Table.Tr key={p.invoice_no ?? i}>
                <Table.Td>{p.invoice_no ?? t('none')}</Table.Td>
                <Table.Td>{f.date(p.due_date) ?? t('none')}</Table.Td>
                <Table.Td>{f.date(p.billing_date) ?? t('none')}</Table.Td>
                <Table.Td>{f.money(p.amount, p.currency)}</Table.Td>
                <Table.Td>{p.paid ? t('payments.yes') : t('payments.no')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}

const EMPTY_ADDRESS = {
  name: '',
  first_line: '',
  second_line: '',
  city: '',
  postal_code: '',
  region: '',
  country: '',
};
const ADDRESS_FIELDS = [
  'name',
  'first_line',
  'second_line',
  'city',
  'postal_code',
  'region',
  'country',
] as const;

function Addresses() {
  const { t } = useTranslation('subscriptions');
  const addresses = useAddresses();
  const save = useSaveAddress();
  const [editing, setEditing] = useState<(typeof EMPTY_ADDRESS & { id?: string }) | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    save.mutate(
      { ...editing, country: editing.country.trim().toUpperCase() },
      { onSuccess: () => setEditing(null) },
    );
  };
  const list = addresses.data ?? [];
  return (
    <div className="panel sub-section" data-testid="addresses">
      <Group justify="space-between" mb="sm">
        <h2 className="sub-heading">{t('addresses.title')}</h2>
        {!editing && (
          <Button
            size="xs"
            variant="default"
            onClick={() => setEditing({ ...EMPTY_ADDRESS })}
            data-testid="add-address"
          >
            {t('addresses.add')}
          </Button>
        )}
      </Group>
      {list.length === 0 && !editing && <p>{t('addresses.empty')}</p>}
      <ul className="sub-addresses">
        {list.map((a, i) => (
          <li key={a.id}>
            <span>{addressLine(a)}</span>
            {i === 0 && <Badge variant="light">{t('addresses.default')}</Badge>}
            <Button size="compact-xs" variant="subtle" onClick={() => setEditing({ ...a })}>
              {t('addresses.edit')}
            </Button>
          </li>
        ))}
      </ul>
      {editing && (
        <form onSubmit={submit} className="sub-address-form" data-testid="address-form">
          {ADDRESS_FIELDS.map((field) => (
            <TextInput
              key={field}
              label={t(`addresses.${field}`)}
              value={editing[field]}
              required={field === 'country'}
              maxLength={field === 'country' ? 2 : 200}
              onChange={(e) => setEditing({ ...editing, [field]: e.currentTarget.value })}
            />
          ))}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={() => setEditing(null)}>
              {t('addresses.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('addresses.save')}
            </Button>
          </Group>
        </form>
      )}
    </div>
  );
}
