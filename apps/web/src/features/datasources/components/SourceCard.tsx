import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../session';
import {
  accountKindOf,
  connectUrl,
  type DatasourceType,
  isBuiltin,
  type Source,
  sourceLabel,
  statusOf,
} from '../datasources';
import {
  useActivateDatasource,
  useDeactivateDatasource,
  useRevokeDatasource,
  useSetDefaultDatasource,
} from '../hooks/useCredentials';
import { useUsageCheck } from '../hooks/useUsage';
import type { Deactivating } from './DeactivateSourceModal';
import { LearnedWords } from './LearnedWords';
import { Pill } from './Pill';
import { SourceAccounts } from './SourceAccounts';
import { SourceLogo } from './SourceLogo';
import { TONES } from './tones';

interface Props {
  source: Source;
  /** The type's entry of GET types (name, accounts support); null while it loads or if it failed. */
  typeInfo: DatasourceType | null;
  onAddAccount: (source: Source) => void;
  onDelete: (source: Source) => void;
  onRename: (source: Source) => void;
  /** Collection cards read the source (or they could not be counted): ask before deactivating. */
  onConfirmDeactivate: (target: Deactivating) => void;
}

/**
 * One connection (spec 2 §2, §4): logo, name, type, status badge and the actions its status
 * allows — deactivate and set as default when active, activate when inactive, revoke (oauth2
 * only) and reconnect when revoked, delete — then its accounts when the type has them.
 */
export function SourceCard({
  source,
  typeInfo,
  onAddAccount,
  onDelete,
  onRename,
  onConfirmDeactivate,
}: Props) {
  const { t } = useTranslation('datasources');
  const { t: tc } = useTranslation();
  const { tenant } = useSession();
  const activate = useActivateDatasource();
  const deactivate = useDeactivateDatasource();
  const revoke = useRevokeDatasource();
  const setDefault = useSetDefaultDatasource();
  const checkUsage = useUsageCheck();
  const [checking, setChecking] = useState(false);
  const status = statusOf(source);
  const builtin = isBuiltin(source);
  const oauth = source.auth_type === 'oauth2';
  const label = sourceLabel(source, t);
  const ref = { datasource_id: source.id, type: source.type };
  const busy =
    activate.isPending || deactivate.isPending || revoke.isPending || setDefault.isPending || checking;
  const kind = accountKindOf(typeInfo);
  // Cards that read the source stop answering: the user is asked first, naming them.
  const askDeactivate = async () => {
    setChecking(true);
    const usage = await checkUsage(source.id);
    setChecking(false);
    if (usage && usage.cards === 0) deactivate.mutate(ref);
    else onConfirmDeactivate({ source, usage });
  };
  const accounts = Object.values(source.accounts);
  const showAccounts = typeInfo ? typeInfo.supports_accounts : accounts.length > 0;
  const can = {
    setDefault: status === 'active' && !source.default,
    activate: status === 'inactive',
    deactivate: status === 'active' && !builtin,
    revoke: oauth && status !== 'revoked',
    reconnect: oauth && status === 'revoked',
    remove: !builtin,
    rename: !builtin,
    model: tenant?.features.includes('ADMIN_MODELS') ?? false,
  };
  const anyAction = Object.values(can).some(Boolean);

  return (
    <article
      className="ds-card"
      aria-labelledby={`ds-name-${source.id}`}
      data-status={status}
      data-testid="ds-card"
      data-source-id={source.id}
      data-type={source.type}
    >
      <div className="ds-card-head">
        <SourceLogo logo={source.logo} type={source.type} size={40} />
        <div className="ds-card-title">
          <h3 className="ds-card-name" id={`ds-name-${source.id}`} data-testid="ds-card-name">
            {label}
          </h3>
          <Text size="xs" c="var(--c-muted)" data-testid="ds-card-type">
            {builtin ? t('demo_type') : (typeInfo?.name ?? source.type)}
          </Text>
        </div>
        <Group gap={6} className="ds-card-badges">
          {source.default ? (
            <Pill tone="default" testId="ds-card-default">
              {t('default_badge')}
            </Pill>
          ) : null}
          <Pill tone={status} testId="ds-card-status">
            {t(`status.${status}`)}
          </Pill>
        </Group>
      </div>

      {builtin ? (
        <Text size="sm" c="var(--c-muted)">
          {t('demo_text')}
        </Text>
      ) : null}

      {showAccounts ? (
        <SourceAccounts source={source} kind={kind} onAdd={() => onAddAccount(source)} />
      ) : null}

      <LearnedWords source={source} />

      {anyAction ? (
        <Group
          gap={8}
          className="ds-card-actions"
          role="group"
          aria-label={t('actions.label', { name: label })}
        >
          {can.model ? (
            <Button
              size="xs"
              variant="light"
              color={TONES.accent}
              component={Link}
              to={`/user/datasources/${encodeURIComponent(source.id)}/model`}
              aria-label={tc('pages.model_of', { name: label })}
              data-testid="ds-model"
            >
              {tc('pages.model')}
            </Button>
          ) : null}
          {can.setDefault ? (
            <Button
              size="xs"
              variant="light"
              color={TONES.accent}
              onClick={() => setDefault.mutate(source.id)}
              loading={setDefault.isPending}
              disabled={busy}
              data-testid="ds-set-default"
            >
              {t('actions.set_default')}
            </Button>
          ) : null}
          {can.activate ? (
            <Button
              size="xs"
              variant="light"
              color={TONES.success}
              onClick={() => activate.mutate(ref)}
              loading={activate.isPending}
              disabled={busy}
              data-testid="ds-activate"
            >
              {t('actions.activate')}
            </Button>
          ) : null}
          {can.deactivate ? (
            <Button
              size="xs"
              variant="default"
              onClick={() => void askDeactivate()}
              loading={deactivate.isPending || checking}
              disabled={busy}
              data-testid="ds-deactivate"
            >
              {t('actions.deactivate')}
            </Button>
          ) : null}
          {can.revoke ? (
            <Button
              size="xs"
              variant="default"
              c={TONES.danger}
              onClick={() => revoke.mutate(ref)}
              loading={revoke.isPending}
              disabled={busy}
              data-testid="ds-revoke"
            >
              {t('actions.revoke')}
            </Button>
          ) : null}
          {can.reconnect ? (
            <Button
              size="xs"
              variant="light"
              color={TONES.accent}
              component="a"
              href={connectUrl(source.type, window.location.hostname, source.id)}
              data-testid="ds-reconnect"
            >
              {t('actions.reconnect')}
            </Button>
          ) : null}
          {can.rename ? (
            <Button
              size="xs"
              variant="default"
              onClick={() => onRename(source)}
              disabled={busy}
              aria-label={t('rename.label', { name: label })}
              data-testid="ds-rename"
            >
              {t('rename.action')}
            </Button>
          ) : null}
          {can.remove ? (
            <Button
              size="xs"
              variant="subtle"
              color={TONES.danger}
              ml="auto"
              onClick={() => onDelete(source)}
              disabled={busy}
              data-testid="ds-delete"
            >
              {t('actions.delete')}
            </Button>
          ) : null}
        </Group>
      ) : null}
    </article>
  );
}
