import { Alert, Button, Group, Loader, Modal, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import type { TAccountKind, TDatasourceType } from '@parley/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../datasources';
import { useAccounts, useAddAccount } from '../hooks/useAccounts';
import { accountTextKey } from '../i18n';
import { Pill } from './Pill';
import { TONES } from './tones';

export interface PickerTarget {
  id: string;
  type: TDatasourceType;
  name: string;
  /** Account ids the source already has (marked in the list). */
  added: readonly string[];
  /** What the source's accounts are called (its type's descriptor), when known. */
  kind?: TAccountKind | null;
}

/**
 * The account picker (spec 2 §2, §5): the accounts the source offers as a radio list; Save needs
 * a chosen account, adds it and selects it. A refusal keeps the dialog open with the reason.
 */
export function AccountPicker({ target, onClose }: { target: PickerTarget | null; onClose: () => void }) {
  const { t } = useTranslation('datasources');
  const accounts = useAccounts(target);
  const add = useAddAccount();
  const [choice, setChoice] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const close = () => {
    setChoice(null);
    setRefusal(null);
    add.reset();
    onClose();
  };

  const save = () => {
    const account = accounts.data?.find((a) => a.id === choice);
    if (!target || !account) return;
    setRefusal(null);
    add.mutate(
      { type: target.type, datasource_id: target.id, account: { id: account.id, name: account.name } },
      {
        onSuccess: close,
        onError: (err) => setRefusal(failureText(err, t, 'messages.failed_to_add_account')),
      },
    );
  };

  const list = accounts.data ?? [];

  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title={target?.kind ? t(`accounts.pick_kind.${target.kind}`) : t('accounts.picker_title')}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
      data-testid="ds-account-picker"
    >
      <Stack gap="sm">
        <Text size="sm" c="var(--c-muted)">
          {target?.name ? `${target.name} · ` : ''}
          {t(accountTextKey('picker_text', target?.kind))}
        </Text>
        {accounts.isPending ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label={t(accountTextKey('loading', target?.kind))} />
          </Group>
        ) : accounts.isError ? (
          <Alert color="red" variant="light" role="alert">
            <Group justify="space-between">
              <span>{t('messages.failed_to_fetch_accounts')}</span>
              <Button size="xs" variant="default" onClick={() => void accounts.refetch()}>
                {t('retry')}
              </Button>
            </Group>
          </Alert>
        ) : list.length === 0 ? (
          <Text size="sm" data-testid="ds-account-empty">
            {t(accountTextKey('picker_empty', target?.kind))}
          </Text>
        ) : (
          <Radio.Group
            value={choice}
            onChange={(v) => {
              setChoice(v);
              setRefusal(null);
            }}
            label={t('accounts.picker_title')}
            labelProps={{ className: 'visually-hidden' }}
          >
            <ScrollArea.Autosize mah={300} type="auto">
              <Stack gap={6} py={4}>
                {list.map((a) => (
                  <Group key={a.id} justify="space-between" wrap="nowrap" className="ds-account-option">
                    <Radio value={a.id} label={a.name || a.id} data-testid={`ds-account-option-${a.id}`} />
                    {target?.added.includes(a.id) ? (
                      <Pill tone="neutral">{t('accounts.already_added')}</Pill>
                    ) : null}
                  </Group>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Radio.Group>
        )}
        {refusal ? (
          <Alert color="red" variant="light" role="alert" data-testid="ds-account-error">
            {refusal}
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={close} disabled={add.isPending} data-testid="ds-account-cancel">
            {t('cancel')}
          </Button>
          <Button
            color={TONES.accent}
            onClick={save}
            disabled={choice === null || accounts.data === undefined}
            loading={add.isPending}
            data-testid="ds-account-save"
          >
            {t('accounts.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
