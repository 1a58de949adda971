import { Alert, Button, Group, Loader, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addableTypes,
  connectedCounts,
  connectMethod,
  connectUrl,
  type DatasourceType,
  type Source,
} from '../datasources';
import { useDatasourceTypes } from '../hooks/useDatasourceTypes';
import { ConfigForm } from './ConfigForm';
import { Pill } from './Pill';
import { SourceLogo } from './SourceLogo';
import { TONES } from './tones';
import { UploadForm } from './UploadForm';

interface Props {
  opened: boolean;
  sources: readonly Source[];
  onClose: () => void;
  /** A source was stored; `type` says whether it offers accounts to pick next. */
  onConnected: (datasourceId: string, type: DatasourceType) => void;
}

/**
 * The add-connection dialog (spec 2 §2): the types GET /api/v1/datasource/types offers, those
 * already connected marked, then the chosen type's form, upload or consent redirect.
 */
export function AddConnectionModal({ opened, sources, onClose, onConnected }: Props) {
  const { t } = useTranslation('datasources');
  const types = useDatasourceTypes();
  const [chosen, setChosen] = useState<DatasourceType | null>(null);
  const counts = connectedCounts(sources);

  const close = () => {
    setChosen(null);
    onClose();
  };

  const connected = (datasourceId: string) => {
    const type = chosen;
    setChosen(null);
    if (type) onConnected(datasourceId, type);
  };

  const method = chosen ? connectMethod(chosen) : null;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={chosen ? chosen.name : t('add_title')}
      centered
      size="lg"
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('close') }}
      data-testid="ds-add-modal"
    >
      {!chosen ? (
        <Stack gap="sm">
          <Text size="sm" c="var(--c-muted)">
            {t('choose_type')}
          </Text>
          {types.isPending ? (
            <Group justify="center" p="lg">
              <Loader size="sm" aria-label={t('add_title')} />
            </Group>
          ) : types.isError ? (
            <Alert color="red" variant="light" role="alert">
              <Group justify="space-between">
                <span>{t('types_failed')}</span>
                <Button size="xs" variant="default" onClick={() => void types.refetch()}>
                  {t('retry')}
                </Button>
              </Group>
            </Alert>
          ) : (
            <ul className="ds-type-list" aria-label={t('add_title')}>
              {addableTypes(types.data).map((type) => {
                const count = counts[type.type] ?? 0;
                return (
                  <li key={type.type}>
                    <UnstyledButton
                      className="ds-type"
                      onClick={() => setChosen(type)}
                      data-connected={count > 0 || undefined}
                      data-testid={`ds-type-${type.type}`}
                    >
                      <SourceLogo logo={type.logo} type={type.type} size={32} />
                      <span className="ds-type-name">{type.name}</span>
                      {count > 0 ? (
                        <Pill tone="active" testId={`ds-type-connected-${type.type}`}>
                          {count > 1 ? t('connected_count', { count }) : t('connected')}
                        </Pill>
                      ) : null}
                    </UnstyledButton>
                  </li>
                );
              })}
            </ul>
          )}
        </Stack>
      ) : method?.kind === 'form' ? (
        <ConfigForm
          key={chosen.type}
          type={chosen}
          fields={method.fields}
          onConnected={connected}
          onCancel={() => setChosen(null)}
        />
      ) : method?.kind === 'upload' ? (
        <UploadForm onConnected={connected} onCancel={() => setChosen(null)} />
      ) : method?.kind === 'oauth' ? (
        <Stack gap="md">
          <Text size="sm">{t('form.oauth_text', { name: chosen.name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setChosen(null)} data-testid="ds-form-cancel">
              {t('back')}
            </Button>
            <Button
              color={TONES.accent}
              component="a"
              href={connectUrl(chosen.type, window.location.hostname)}
              data-testid="ds-oauth-continue"
            >
              {t('form.oauth_google')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
