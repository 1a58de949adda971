import { Select } from '@mantine/core';
import {
  REPORT_FREQUENCIES,
  REPORTING_PERIODS,
  type TReportFrequency,
  type TReportingPeriod,
} from '@parley/contract';
import { useTranslation } from 'react-i18next';

/** A profile's delivery settings (spec 2 §9): how often it is sent and the months it covers. */
export function DeliveryFields({
  frequency,
  period,
  onChange,
}: {
  frequency: TReportFrequency;
  period: TReportingPeriod;
  onChange: (field: 'notification_frequency' | 'reporting_period', value: unknown) => void;
}) {
  const { t } = useTranslation('reports');
  return (
    <>
      <div className="is-form-grid">
        <Select
          label={t('form.notification_frequency')}
          data={REPORT_FREQUENCIES.map((f) => ({ value: f, label: t(`frequency.${f}`) }))}
          value={frequency}
          allowDeselect={false}
          onChange={(v) => v && onChange('notification_frequency', v)}
          data-testid="profile-notification_frequency"
        />
        <Select
          label={t('form.reporting_period')}
          data={REPORTING_PERIODS.map((p) => ({ value: String(p), label: t(`period.${p}`) }))}
          value={String(period)}
          allowDeselect={false}
          onChange={(v) => v && onChange('reporting_period', Number(v))}
          data-testid="profile-reporting_period"
        />
      </div>
      <p className="is-schedule" data-testid="profile-schedule">
        {t(`schedule.${frequency}`)}
      </p>
    </>
  );
}
