import { Text } from '@mantine/core';
import type { TDbtImportResult } from '@parley/contract';
import { useTranslation } from 'react-i18next';

/** What a dbt import mapped onto the overlay, and each item it could not map with the reason. */
export function DbtResult({ result }: { result: TDbtImportResult }) {
  const { t } = useTranslation('models');
  return (
    <div className="model-dbt" data-testid="model-dbt-result">
      <Text size="sm" mb="sm">
        {t('dbt.summary', {
          version: result.version,
          mapped: result.mapped.length,
          unmapped: result.unmapped.length,
        })}
      </Text>
      <h3 className="model-subtitle">{t('dbt.mapped')}</h3>
      {result.mapped.length === 0 ? (
        <Text size="sm">{t('dbt.none')}</Text>
      ) : (
        <ul data-testid="model-dbt-mapped">
          {result.mapped.map((m) => (
            <li key={`${m.kind}:${m.name}`}>
              <span className="model-kind">{t(`dbt.kinds.${m.kind}`)}</span> {m.name}
            </li>
          ))}
        </ul>
      )}
      <h3 className="model-subtitle">{t('dbt.unmapped')}</h3>
      {result.unmapped.length === 0 ? (
        <Text size="sm">{t('dbt.none')}</Text>
      ) : (
        <ul data-testid="model-dbt-unmapped">
          {result.unmapped.map((m) => (
            <li key={`${m.kind}:${m.name}`} data-testid="model-dbt-unmapped-item">
              <span className="model-kind">{t(`dbt.kinds.${m.kind}`)}</span> <strong>{m.name}</strong> —{' '}
              {m.reason}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
