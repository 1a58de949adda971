import type { TDatasourceType } from '@parley/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { datasourceKeys } from './datasource-keys';
import { useCredentialMutation } from './useCredentialMutation';
import '../i18n';

/**
 * GET /api/v1/datasource/accounts: what the source offers (PostgreSQL schemas, D1 databases, GA4
 * properties, Formbricks surveys), read when the picker opens; a failure toasts once.
 */
export function useAccounts(source: { id: string; type: TDatasourceType } | null) {
  const { t } = useTranslation('datasources');
  const query = useQuery({
    queryKey: datasourceKeys.accounts(source?.id ?? ''),
    queryFn: ({ signal }) =>
      api.call(
        'GET /api/v1/datasource/accounts',
        { type: source!.type, datasource_id: source!.id },
        { signal },
      ),
    enabled: source !== null,
    staleTime: 60_000,
    retry: false,
  });
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error(t('messages.failed_to_fetch_accounts'));
  }, [failedAt, t]);
  return query;
}

export interface AddAccountInput {
  type: TDatasourceType;
  datasource_id: string;
  account: { id: string; name: string };
}

/**
 * POST /api/v1/datasource/account: adds the account and selects it. A refusal toasts
 * 'Account Selection Failed!'; the picker shows the server's reason ('Invalid Account!').
 */
export function useAddAccount() {
  return useCredentialMutation(
    ({ type, datasource_id, account }: AddAccountInput) =>
      api.call('POST /api/v1/datasource/account', {
        type,
        datasource_id,
        account: { ...account, type, datasource_id },
      }),
    { success: 'messages.saved', failure: 'messages.account_selection_failed', fixedFailure: true },
  );
}

/** POST /api/v1/datasource/account/remove */
export function useRemoveAccount() {
  return useCredentialMutation(
    (input: { type: TDatasourceType; datasource_id: string; account_id: string }) =>
      api.call('POST /api/v1/datasource/account/remove', input),
    { success: 'messages.account_removed', failure: 'messages.failed_to_remove_account' },
  );
}
