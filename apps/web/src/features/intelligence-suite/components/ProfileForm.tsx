import {
  Button,
  Group,
  Loader,
  MultiSelect,
  type MultiSelectProps,
  Select,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  FOCUS_FUNCTIONS,
  KEY_THEMES,
  MAX_TARGET_CLIENTS,
  PROFILE_LABELS,
  REPORT_PROFILES,
  type TProfileField,
  type TReportName,
} from '@parley/contract';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { countryOptions } from '../../settings';
import { useProfileStart } from '../hooks/useProfileStart';
import { useReports, useSaveReport } from '../hooks/useReports';
import type { ProfileValues } from '../profile-values';
import { LEGAL_TYPES } from '../reference/legal-types';
import { industryOptions } from '../reference/nace';
import { reportOf } from '../reports';
import { DeliveryFields } from './DeliveryFields';
import { SourceSelect } from './SourceSelect';

/** How long a multi-select's list stays after the field loses focus (spec 2 §2). */
export const MULTISELECT_HIDE_MS = 200;

/** A MultiSelect whose list hides 200 ms after blur, so a click on the list still lands. */
function DelayedMultiSelect(props: MultiSelectProps) {
  const [opened, setOpened] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return (
    <MultiSelect
      {...props}
      dropdownOpened={opened}
      onDropdownOpen={() => {
        if (timer.current) clearTimeout(timer.current);
        setOpened(true);
      }}
      onDropdownClose={() => {
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => setOpened(false), MULTISELECT_HIDE_MS);
      }}
    />
  );
}

const REGIONS = ['Global', 'EMEA', 'Americas', 'APAC'] as const;

/** Which fields each report's form has: employee growth has focus functions and no clients. */
const KINDS: Record<TReportName, 'strategy' | 'opportunity' | 'employee'> = {
  organisation_strategy: 'strategy',
  organisation_opportunity: 'opportunity',
  employee_growth: 'employee',
};

/**
 * The profile form of a report (spec 2 §3, §5): strategy (also employee growth) or opportunity.
 * Validated by the contract's schema — the server's own — all fields at once on save, then on
 * every change; required fields block save.
 */
export function ProfileForm({ report }: { report: TReportName }) {
  const { t, i18n } = useTranslation('reports');
  const navigate = useNavigate();
  const reports = useReports('organisation_failed');
  const save = useSaveReport();
  const kind = KINDS[report];
  const entry = reports.data?.reports.find((e) => reportOf(e) === report) ?? null;
  const [values, setProfileValues] = useState<ProfileValues | null>(null);
  const [errors, setErrors] = useState<Partial<Record<TProfileField, string>>>({});
  const [submitted, setSubmitted] = useState(false);

  const prefilled = useProfileStart(report, reports.data, entry, values, setProfileValues);

  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const industries = useMemo(() => industryOptions(), []);
  const geography = useMemo(
    () => [
      {
        group: t('form.regions'),
        items: REGIONS.map((r) => ({ value: r, label: t(`form.region_names.${r}`) })),
      },
      { group: t('form.countries'), items: countries },
    ],
    [countries, t],
  );

  const validate = (v: ProfileValues): Partial<Record<TProfileField, string>> => {
    const parsed = REPORT_PROFILES[report].safeParse(v);
    if (parsed.success) return {};
    const out: Partial<Record<TProfileField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as TProfileField;
      if (out[field]) continue; // the first failing rule per field
      const label = t(`form.${field}`);
      out[field] = issue.message.startsWith(`${PROFILE_LABELS[field]} is required`)
        ? t('form.required', { field: label })
        : issue.message;
    }
    return out;
  };

  if (!values) return reports.isError ? null : <Loader />;

  const set = (field: string, value: unknown) => {
    const next = { ...values, [field]: value } as ProfileValues;
    setProfileValues(next);
    if (submitted) setErrors(validate(next));
  };
  const text = (field: TProfileField) => ({
    label: t(`form.${field}`),
    value: (values[field] as string | undefined) ?? '',
    onChange: (e: { currentTarget: { value: string } }) => set(field, e.currentTarget.value),
    error: errors[field],
    'data-testid': `profile-${field}`,
  });
  const list = (field: TProfileField) => ({
    label: t(`form.${field}`),
    value: (values[field] as string[] | undefined) ?? [],
    onChange: (v: string[]) => set(field, v),
    error: errors[field],
    'data-testid': `profile-${field}`,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.error(t('messages.required'));
      return;
    }
    const { notification_frequency, reporting_period, ...profile } = values;
    save.mutate(
      { report, profile, notification_frequency, reporting_period },
      { onSuccess: () => void navigate('/intelligence-suite') },
    );
  };

  const themes = values.key_themes ?? [];
  return (
    <form className="is-form panel" onSubmit={submit} noValidate data-testid="profile-form">
      {prefilled ? (
        <p className="is-prefilled" data-testid="profile-prefilled">
          {t('form.prefilled')}
        </p>
      ) : null}
      <h2>{t('form.sections.business')}</h2>
      <div className="is-form-grid">
        <SourceSelect
          value={(values.datasource_id as string | null | undefined) ?? null}
          onChange={(v) => set('datasource_id', v)}
          error={errors.datasource_id}
        />
        <TextInput required {...text('business_name')} />
        <TextInput type="url" placeholder="https://" {...text('website_url')} />
        <Select
          required
          searchable
          data={LEGAL_TYPES}
          {...text('company_type')}
          value={(values.company_type as string | undefined) ?? null}
          onChange={(v) => set('company_type', v ?? '')}
        />
        <DelayedMultiSelect required searchable data={countries} {...list('locations_of_operation')} />
        <Select
          required
          searchable
          data={industries}
          {...text('primary_industry')}
          value={(values.primary_industry as string | undefined) ?? null}
          onChange={(v) => set('primary_industry', v ?? '')}
        />
        <DelayedMultiSelect searchable data={industries} {...list('secondary_industries')} />
        <Textarea className="is-wide" required autosize minRows={2} {...text('business_description')} />
        <Textarea className="is-wide" required autosize minRows={2} {...text('core_services')} />
      </div>
      {kind === 'employee' ? null : (
        <>
          <h2>{t('form.sections.clients')}</h2>
          <div className="is-form-grid">
            <TextInput className="is-wide" required {...text('target_client_types')} />
            <TagsInput
              required
              maxTags={MAX_TARGET_CLIENTS}
              description={t('form.target_client_names_hint')}
              {...list('target_client_names')}
            />
            <TagsInput
              maxTags={MAX_TARGET_CLIENTS}
              placeholder="https://"
              {...list('target_client_websites')}
            />
          </div>
        </>
      )}
      <h2>{t('form.sections.direction')}</h2>
      <div className="is-form-grid">
        <Textarea className="is-wide" required autosize minRows={2} {...text('strategic_priorities')} />
        <Textarea className="is-wide" required autosize minRows={2} {...text('goals_okrs')} />
        <DelayedMultiSelect required searchable data={geography} {...list('geography_focus')} />
        {kind === 'strategy' ? (
          <>
            <DelayedMultiSelect
              searchable
              data={KEY_THEMES.map((k) => ({ value: k, label: t(`themes.${k}`) }))}
              {...list('key_themes')}
            />
            {themes.includes('other') ? <TextInput required {...text('key_themes_other')} /> : null}
            <DelayedMultiSelect searchable data={[...FOCUS_FUNCTIONS]} {...list('focus_functions')} />
          </>
        ) : kind === 'employee' ? (
          <DelayedMultiSelect required searchable data={[...FOCUS_FUNCTIONS]} {...list('focus_functions')} />
        ) : (
          <Textarea className="is-wide" required autosize minRows={2} {...text('key_points_of_interest')} />
        )}
      </div>
      <h2>{t('form.sections.delivery')}</h2>
      <DeliveryFields
        frequency={values.notification_frequency}
        period={values.reporting_period}
        onChange={set}
      />
      <Group mt="lg">
        <Button type="submit" color="#4f46e5" loading={save.isPending} data-testid="profile-save">
          {t('form.save')}
        </Button>
        <Button component={Link} to="/intelligence-suite" variant="default">
          {t('form.cancel')}
        </Button>
      </Group>
    </form>
  );
}
