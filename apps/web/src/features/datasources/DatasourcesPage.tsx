import './datasources.css';
import './i18n';
import { Alert, Button, Group, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DatabaseIcon, PlusIcon } from '../../ui/icons';
import { SettingsNav } from '../settings';
import { AccountPicker, type PickerTarget } from './components/AccountPicker';
import { AddConnectionModal } from './components/AddConnectionModal';
import { DeactivateSourceModal, type Deactivating } from './components/DeactivateSourceModal';
import { DeleteSourceModal } from './components/DeleteSourceModal';
import { RenameSourceModal } from './components/RenameSourceModal';
import { SourceCard } from './components/SourceCard';
import { TONES } from './components/tones';
import { accountKindOf, type DatasourceType, type Source, usableSources } from './datasources';
import { useSources } from './hooks/useCredentials';
import { useDatasourceTypes } from './hooks/useDatasourceTypes';

/** The picker's source, named and with its accounts as the tenant now has them. */
function pickerTarget(
  picking: Pick<Source, 'id' | 'type'>,
  sources: readonly Source[],
  types: readonly DatasourceType[] | undefined,
): PickerTarget {
  const source = sources.find((s) => s.id === picking.id);
  return {
    id: picking.id,
    type: picking.type,
    name: source?.name ?? '',
    added: Object.values(source?.accounts ?? {}).map((a) => a.account_id),
    kind: accountKindOf(types?.find((x) => x.type === picking.type) ?? null),
  };
}

/** /user/datasources (spec 2 §2): the user's connections, adding one, and their accounts. */
export default function DatasourcesPage() {
  const { t } = useTranslation();
  const { t: td } = useTranslation('datasources');
  const { sources, ready } = useSources();
  const types = useDatasourceTypes();
  const [adding, setAdding] = useState(false);
  // `auto`: opened by a new connection, so only while the source has no account selected yet.
  const [picking, setPicking] = useState<(Pick<Source, 'id' | 'type'> & { auto?: boolean }) | null>(null);
  const [deleting, setDeleting] = useState<Source | null>(null);
  const [renaming, setRenaming] = useState<Source | null>(null);
  const [deactivating, setDeactivating] = useState<Deactivating | null>(null);
  // Back from Google's consent screen without a connection (the OAuth callback's ?error=…):
  // declined there (access_denied) or refused by the provider.
  const [params, setParams] = useSearchParams();
  const oauthError = params.get('error');
  const dismissOAuthError = () =>
    setParams(
      (p) => {
        p.delete('error');
        return p;
      },
      { replace: true },
    );
  const active = usableSources(sources).length;
  const typeOf = (type: string) => types.data?.find((x) => x.type === type) ?? null;

  const connected = (datasourceId: string, type: DatasourceType) => {
    setAdding(false);
    // A source with accounts answers nothing until one is chosen: the picker opens at once
    // unless the server chose one already (PostgreSQL's public schema).
    if (type.supports_accounts) setPicking({ id: datasourceId, type: type.type, auto: true });
  };
  const autoSettled =
    picking?.auto === true && sources.some((s) => s.id === picking.id && s.selected_account !== null);
  useEffect(() => {
    if (autoSettled) setPicking(null);
  }, [autoSettled]);

  return (
    <section className="page" data-testid="page-datasources">
      <header className="page-header">
        <h1 className="page-title">{t('pages.datasources')}</h1>
        <p className="page-subtitle">{td('subtitle')}</p>
      </header>
      <SettingsNav />
      {oauthError ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          mb="md"
          withCloseButton
          closeButtonLabel={td('dismiss')}
          onClose={dismissOAuthError}
          data-testid="ds-oauth-error"
          data-error={oauthError}
        >
          {td(oauthError === 'access_denied' ? 'oauth_denied' : 'oauth_failed')}
        </Alert>
      ) : null}
      <Group justify="space-between" mb="md" className="ds-toolbar">
        <p className="ds-count" aria-live="polite" data-testid="ds-active-count" data-count={active}>
          <DatabaseIcon size={16} />
          <span>{td('active_count', { count: active })}</span>
        </p>
        <Button
          color={TONES.accent}
          leftSection={<PlusIcon size={16} />}
          onClick={() => setAdding(true)}
          data-testid="ds-add"
        >
          {td('add_connection')}
        </Button>
      </Group>
      {!ready ? (
        <Group justify="center" p="xl">
          <Loader size="sm" aria-label={t('common.loading')} />
        </Group>
      ) : sources.length === 0 ? (
        <div className="panel ds-empty" data-testid="ds-empty">
          <p>{td('empty')}</p>
        </div>
      ) : (
        <ul className="ds-grid" aria-label={td('list_label')} data-testid="ds-list">
          {sources.map((source) => (
            <li key={source.id}>
              <SourceCard
                source={source}
                typeInfo={typeOf(source.type)}
                onAddAccount={(s) => setPicking({ id: s.id, type: s.type })}
                onDelete={setDeleting}
                onRename={setRenaming}
                onConfirmDeactivate={setDeactivating}
              />
            </li>
          ))}
        </ul>
      )}
      <AddConnectionModal
        opened={adding}
        sources={sources}
        onClose={() => setAdding(false)}
        onConnected={connected}
      />
      <AccountPicker
        target={picking && !autoSettled ? pickerTarget(picking, sources, types.data) : null}
        onClose={() => setPicking(null)}
      />
      <DeleteSourceModal source={deleting} onClose={() => setDeleting(null)} />
      <RenameSourceModal source={renaming} onClose={() => setRenaming(null)} />
      <DeactivateSourceModal target={deactivating} onClose={() => setDeactivating(null)} />
    </section>
  );
}
