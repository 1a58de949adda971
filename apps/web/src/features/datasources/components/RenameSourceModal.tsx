import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../lib/contract';
import { failureText, type Source, sourceLabel } from '../datasources';
import { useRenameDatasource } from '../hooks/useCredentials';
import { TONES } from './tones';

/** Renames a connection; the new name shows wherever the source is listed or named. */
export function RenameSourceModal({ source, onClose }: { source: Source | null; onClose: () => void }) {
  const { t } = useTranslation('datasources');
  const rename = useRenameDatasource();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (source) setName(source.name);
    setProblem(null);
  }, [source]);

  const trimmed = name.trim();
  const tooLong = trimmed.length > LIMITS.NAME;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!source || !trimmed || tooLong) return;
    rename.mutate(
      { datasource_id: source.id, name: trimmed },
      { onSuccess: onClose, onError: (err) => setProblem(failureText(err, t, 'rename.failed')) },
    );
  };

  return (
    <Modal
      opened={source !== null}
      onClose={onClose}
      title={source ? t('rename.label', { name: sourceLabel(source, t) }) : t('rename.title')}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
      data-testid="ds-rename-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('rename.field')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={LIMITS.NAME + 1}
            required
            data-autofocus
            error={tooLong ? t('rename.too_long', { max: LIMITS.NAME }) : undefined}
            data-testid="ds-rename-input"
          />
          {problem ? (
            <Alert color="red" variant="light" role="alert" data-testid="ds-rename-error">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={rename.isPending}>
              {t('cancel')}
            </Button>
            <Button
              type="submit"
              color={TONES.accent}
              disabled={!trimmed || tooLong}
              loading={rename.isPending}
              data-testid="ds-rename-save"
            >
              {t('rename.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
