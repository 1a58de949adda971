import { Badge, Button, Group, Select, TextInput } from '@mantine/core';
import type { TAddress } from '@parley/contract';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../../settings';
import { useAddresses, useSaveAddress } from '../hooks/useBilling';

/** A country code's name in the UI language ("DE" → "Germany", "Almanya"). */
export function useCountryName() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = new Map(countryOptions(i18n.language).map((o) => [o.value, o.label]));
    return (code: string) => names.get(code) ?? code;
  }, [i18n.language]);
}

/** One line for an address, its country named. */
export const addressLine = (a: TAddress, countryName: (code: string) => string) =>
  [a.name, a.first_line, a.city, a.postal_code, countryName(a.country)]
    .filter((x) => x.trim() !== '')
    .join(', ');

const EMPTY_ADDRESS = {
  name: '',
  first_line: '',
  second_line: '',
  city: '',
  postal_code: '',
  region: '',
  country: '',
};
const TEXT_FIELDS = ['name', 'first_line', 'second_line', 'city', 'postal_code', 'region'] as const;
type Draft = typeof EMPTY_ADDRESS & { id?: string };

/** The address form: free text for the lines, a list of countries for the country. */
function AddressForm({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  const { t, i18n } = useTranslation('subscriptions');
  const save = useSaveAddress();
  const [editing, setEditing] = useState<Draft>(draft);
  const [missing, setMissing] = useState(false);
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!editing.country) {
      setMissing(true);
      return;
    }
    save.mutate(editing, { onSuccess: onClose });
  };
  return (
    <form onSubmit={submit} className="sub-address-form" data-testid="address-form">
      {TEXT_FIELDS.map((field) => (
        <TextInput
          key={field}
          label={t(`addresses.${field}`)}
          value={editing[field]}
          maxLength={field === 'postal_code' ? 20 : 200}
          onChange={(e) => setEditing({ ...editing, [field]: e.currentTarget.value })}
        />
      ))}
      <Select
        label={t('addresses.country')}
        data={countries}
        value={editing.country || null}
        onChange={(v) => {
          setEditing({ ...editing, country: v ?? '' });
          setMissing(false);
        }}
        searchable
        allowDeselect={false}
        required
        error={missing ? t('addresses.country_required') : undefined}
        nothingFoundMessage={t('addresses.no_country')}
        data-testid="address-country"
      />
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onClose}>
          {t('addresses.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t('addresses.save')}
        </Button>
      </Group>
    </form>
  );
}

/** The billing addresses; the first is the default. */
export function Addresses() {
  const { t } = useTranslation('subscriptions');
  const addresses = useAddresses();
  const countryName = useCountryName();
  const [editing, setEditing] = useState<Draft | null>(null);
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
            <span>{addressLine(a, countryName)}</span>
            {i === 0 && <Badge variant="light">{t('addresses.default')}</Badge>}
            <Button size="compact-xs" variant="subtle" onClick={() => setEditing({ ...a })}>
              {t('addresses.edit')}
            </Button>
          </li>
        ))}
      </ul>
      {editing && <AddressForm key={editing.id ?? 'new'} draft={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
