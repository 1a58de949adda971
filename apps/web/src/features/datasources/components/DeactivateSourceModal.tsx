import { Alert, List, Text } from '@mantine/core';
import type { TDatasourceUsage } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../ui/ConfirmModal';
import { type Source, sourceLabel, usageText } from '../datasources';
import { useDeactivateDatasource } from '../hooks/useCredentials';
import { TONES } from './tones';

/** A source to deactivate and the cards that read it (null: they could not be counted). */
export interface Deactivating {
  source: Source;
  usage: TDatasourceUsage | null;
}

/**
 * Asks before deactivating a source that collection cards read, naming their collections; the
 * cards show an error until the source is active again.
 */
export function DeactivateSourceModal({
  target,
  onClose,
}: {
  target: Deactivating | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('datasources');
  const deactivate = useDeactivateDatasource();
  const confirm = () => {
    if (!target) return;
    deactivate.mutate({ datasource_id: target.source.id, type: target.source.type }, { onSuccess: onClose });
  };
  const usage = target?.usage ?? null;
  return (
    <ConfirmModal
      opened={target !== null}
      onClose={onClose}
      title={target ? t('usage.title', { name: sourceLabel(target.source, t) }) : ''}
      confirmLabel={t('usage.confirm')}
      cancelLabel={t('cancel')}
      closeLabel={t('close')}
      color={TONES.danger}
      busy={deactivate.isPending}
      onConfirm={confirm}
      testId="ds-deactivate-modal"
      confirmTestId="ds-deactivate-confirm"
    >
      {usage ? (
        <>
          <Text size="sm" mb="xs" data-testid="ds-usage-text">
            {usageText(usage, t)}
          </Text>
          <List size="sm" mb="xs" data-testid="ds-usage-list">
            {usage.collections.map((c) => (
              <List.Item key={c.id}>
                {c.name} · {t('usage.cards', { count: c.cards })}
              </List.Item>
            ))}
          </List>
          <Text size="sm" c="var(--c-muted)" mb="lg">
            {t('usage.effect')}
          </Text>
        </>
      ) : (
        <Alert color="yellow" variant="light" mb="lg">
          {t('usage.failed')}
        </Alert>
      )}
    </ConfirmModal>
  );
}
