import { ActionIcon, Button, Text, Tooltip } from '@mantine/core';
import type { TAccountKind } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../ui/icons';
import { isSelectedAccount, type Source, statusOf } from '../datasources';
import { useRemoveAccount } from '../hooks/useAccounts';
import { accountTextKey } from '../i18n';
import { Pill } from './Pill';
import { TONES } from './tones';

/**
 * A source's account list (spec 2 §2), named for its type (schemas, databases, properties,
 * surveys): the selected one badged, each removable, and the way to add one.
 */
export function SourceAccounts({
  source,
  kind,
  onAdd,
}: {
  source: Source;
  kind: TAccountKind | null;
  onAdd: () => void;
}) {
  const { t } = useTranslation('datasources');
  const removeAccount = useRemoveAccount();
  const accounts = Object.values(source.accounts);
  return (
    <section className="ds-accounts" aria-label={kind ? t(`accounts.kinds.${kind}`) : t('accounts.title')}>
      <div className="ds-accounts-head">
        <span className="ds-accounts-title" data-testid="ds-accounts-title">
          {kind ? t(`accounts.kinds.${kind}`) : t('accounts.title')}
        </span>
        <Button
          size="compact-sm"
          variant="subtle"
          color={TONES.accent}
          onClick={onAdd}
          disabled={statusOf(source) === 'revoked'}
          data-testid="ds-add-account"
        >
          {kind ? t(`accounts.add_kind.${kind}`) : t('accounts.add')}
        </Button>
      </div>
      {accounts.length === 0 ? (
        <Text size="sm" c="var(--c-muted)" data-testid="ds-accounts-none">
          {t(accountTextKey('none', kind))}
        </Text>
      ) : (
        <ul className="ds-account-list">
          {accounts.map((a) => {
            const selected = isSelectedAccount(source, a);
            const name = a.name || a.account_id;
            return (
              <li key={a.id} className="ds-account" data-testid="ds-account" data-account-id={a.account_id}>
                <span className="ds-account-name">{name}</span>
                {selected ? (
                  <Pill tone="selected" testId="ds-account-selected">
                    {t('accounts.selected')}
                  </Pill>
                ) : null}
                <Tooltip label={t(accountTextKey('remove', kind), { name })} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    className="ds-account-remove"
                    aria-label={t(accountTextKey('remove', kind), { name })}
                    loading={removeAccount.isPending && removeAccount.variables?.account_id === a.account_id}
                    onClick={() =>
                      removeAccount.mutate({
                        type: source.type,
                        datasource_id: source.id,
                        account_id: a.account_id,
                      })
                    }
                    data-testid="ds-account-remove"
                  >
                    <CloseIcon size={14} />
                  </ActionIcon>
                </Tooltip>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
