import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSourceChoice } from '../../datasources';

/** The data source a report reads: the user's usable sources, named as the data-sources screen names them. */
export function SourceSelect({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (id: string) => void;
  error?: string;
}) {
  const { t } = useTranslation('reports');
  const { options } = useSourceChoice();
  return (
    <Select
      className="is-wide"
      label={t('form.datasource_id')}
      description={options.length ? t('form.datasource_hint') : t('form.no_sources')}
      data={options.map((o) => ({ value: o.id, label: o.label }))}
      value={value}
      allowDeselect={false}
      onChange={(v) => v && onChange(v)}
      error={error}
      data-testid="profile-datasource_id"
    />
  );
}
