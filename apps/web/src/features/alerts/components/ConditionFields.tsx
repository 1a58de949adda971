import { NativeSelect, Radio, Slider, Stack, Text, TextInput } from '@mantine/core';
import { ALERT_CONDITION_KINDS, ALERT_SCHEDULES } from '@parley/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type AlertForm, BAND_RANGE } from '../words';

interface FieldsProps {
  form: AlertForm;
  onChange: (next: Partial<AlertForm>) => void;
  /** The value's error text, shown under it. */
  valueError: string | null;
  disabled: boolean;
}

/** The condition's kind as radios: threshold, change, outside the expected range. */
function KindChoice({ form, onChange, disabled }: FieldsProps) {
  const { t } = useTranslation('alerts');
  return (
    <Radio.Group
      label={t('dialog.kind')}
      value={form.kind}
      onChange={(kind) => onChange({ kind: kind as AlertForm['kind'] })}
      data-testid="alert-kind"
    >
      <Stack gap={6} mt={6}>
        {ALERT_CONDITION_KINDS.map((kind) => (
          <Radio
            key={kind}
            value={kind}
            label={t(`dialog.kinds.${kind}`)}
            disabled={disabled}
            data-testid={`alert-kind-${kind}`}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** The direction and the size of a threshold or a change; a change also names its unit and comparison. */
function AmountFields({ form, onChange, valueError, disabled }: FieldsProps) {
  const { t } = useTranslation('alerts');
  const ops = form.kind === 'threshold' ? (['above', 'below'] as const) : (['up', 'down', 'either'] as const);
  const op = form.kind === 'threshold' ? form.thresholdOp : form.changeOp;
  return (
    <div className="alert-fields">
      <NativeSelect
        label={t('dialog.op')}
        value={op}
        data={ops.map((value) => ({ value, label: t(`dialog.ops.${value}`) }))}
        onChange={(e) => {
          const value = e.currentTarget.value;
          onChange(
            form.kind === 'threshold' ? { thresholdOp: value as 'above' } : { changeOp: value as 'up' },
          );
        }}
        disabled={disabled}
        data-testid="alert-op"
      />
      <TextInput
        label={form.kind === 'threshold' ? t('dialog.value') : t('dialog.change_value')}
        value={form.value}
        inputMode="decimal"
        onChange={(e) => onChange({ value: e.currentTarget.value })}
        error={valueError}
        disabled={disabled}
        data-testid="alert-value"
      />
      {form.kind === 'change' ? (
        <>
          <NativeSelect
            label={t('dialog.unit')}
            value={form.unit}
            data={(['percent', 'amount'] as const).map((value) => ({
              value,
              label: t(`dialog.units.${value}`),
            }))}
            onChange={(e) => onChange({ unit: e.currentTarget.value as AlertForm['unit'] })}
            disabled={disabled}
            data-testid="alert-unit"
          />
          <NativeSelect
            label={t('dialog.against')}
            value={form.against}
            data={(['previous_period', 'same_period_last_year'] as const).map((value) => ({
              value,
              label: t(`dialog.againsts.${value}`),
            }))}
            onChange={(e) => onChange({ against: e.currentTarget.value as AlertForm['against'] })}
            disabled={disabled}
            data-testid="alert-against"
          />
        </>
      ) : null}
    </div>
  );
}

/** The forecast band's width: narrower (more alerts) to wider (fewer). */
function BandField({ form, onChange, disabled }: FieldsProps) {
  const { t } = useTranslation('alerts');
  const labelId = useId();
  return (
    <div className="alert-band">
      <Text size="sm" fw={500} id={labelId}>
        {t('dialog.band')}
      </Text>
      <Slider
        min={BAND_RANGE.min}
        max={BAND_RANGE.max}
        step={BAND_RANGE.step}
        value={form.band}
        onChange={(band) => onChange({ band })}
        label={(band) => t('dialog.band_value', { band })}
        disabled={disabled}
        thumbProps={{
          'aria-labelledby': labelId,
          'aria-valuetext': t('dialog.band_value', { band: form.band }),
        }}
        data-testid="alert-band"
      />
      <div className="alert-band-ends" aria-hidden="true">
        <span>{t('dialog.band_narrow')}</span>
        <span>{t('dialog.band_wide')}</span>
      </div>
    </div>
  );
}

/** Every field of the alert dialog: the condition's kind and its fields, then the schedule. */
export function ConditionFields(props: FieldsProps) {
  const { t } = useTranslation('alerts');
  const { form, onChange, disabled } = props;
  return (
    <Stack gap="sm">
      <KindChoice {...props} />
      {form.kind === 'outside_forecast' ? <BandField {...props} /> : <AmountFields {...props} />}
      <NativeSelect
        label={t('dialog.schedule')}
        value={form.schedule}
        data={ALERT_SCHEDULES.map((value) => ({ value, label: t(`schedules.${value}`) }))}
        onChange={(e) => onChange({ schedule: e.currentTarget.value as AlertForm['schedule'] })}
        disabled={disabled}
        data-testid="alert-schedule"
      />
    </Stack>
  );
}
