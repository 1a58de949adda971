import { Alert } from '@mantine/core';
import type { TDisabledEdit } from '@parley/contract';
import { useTranslation } from 'react-i18next';

/** Edits the current schema cannot hold: kept in the overlay, listed here, never dropped silently. */
export function DisabledList({ disabled }: { disabled: TDisabledEdit[] }) {
  const { t } = useTranslation('models');
  if (disabled.length === 0) return null;
  return (
    <Alert color="yellow" title={t('disabled.title')} className="model-disabled" data-testid="model-disabled">
      <ul>
        {disabled.map((d) => (
          <li key={d.path} data-testid="model-disabled-item">
            <code>{d.path}</code> — {d.reason}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
