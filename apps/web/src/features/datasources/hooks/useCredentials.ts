import type { TCreateDatasourceBody, TDatasourceRef, TRenameDatasourceBody } from '@parley/contract';
import { useMemo } from 'react';
import { api, uploadFile } from '../../../lib/api';
import { useSession } from '../../session';
import { type Source, sourcesOf } from '../datasources';
import { useCredentialMutation } from './useCredentialMutation';

/**
 * The user's connections: `tenant.credentials` (DESIGN §11), so they come with the session and
 * every change below re-reads the tenant.
 */
export function useSources(): { sources: Source[]; ready: boolean } {
  const { tenant, bootstrapped } = useSession();
  const credentials = tenant?.credentials;
  const sources = useMemo(() => sourcesOf(credentials), [credentials]);
  return { sources, ready: bootstrapped };
}

/** POST /api/v1/datasource: the server tests the connection first; a refusal is 'Invalid configuration provided.'. */
export function useCreateDatasource() {
  return useCredentialMutation((body: TCreateDatasourceBody) => api.call('POST /api/v1/datasource', body), {
    success: 'messages.saved',
    failure: 'messages.failed_to_connect',
  });
}

export interface UploadInput {
  file: File;
  onProgress: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/** POST /api/v1/datasource/upload: one CSV or Parquet file, with upload progress. */
export function useUploadDatasource() {
  return useCredentialMutation(
    ({ file, onProgress, signal }: UploadInput) =>
      uploadFile('POST /api/v1/datasource/upload', file, { onProgress, signal }),
    { success: 'messages.saved', failure: 'messages.failed_to_connect' },
  );
}

/** POST /api/v1/datasource/activate */
export function useActivateDatasource() {
  return useCredentialMutation((ref: TDatasourceRef) => api.call('POST /api/v1/datasource/activate', ref), {
    success: 'messages.saved',
    failure: 'messages.failed_to_update',
  });
}

/** POST /api/v1/datasource/deactivate */
export function useDeactivateDatasource() {
  return useCredentialMutation((ref: TDatasourceRef) => api.call('POST /api/v1/datasource/deactivate', ref), {
    success: 'messages.saved',
    failure: 'messages.failed_to_deactivate',
  });
}

/** POST /api/v1/datasource/revoke (oauth2 sources only): stored tokens are deleted. */
export function useRevokeDatasource() {
  return useCredentialMutation((ref: TDatasourceRef) => api.call('POST /api/v1/datasource/revoke', ref), {
    success: 'messages.revoked',
    failure: 'messages.failed_to_revoke',
  });
}

/** POST /api/v1/datasource/default: the source conversations use when none is chosen. */
export function useSetDefaultDatasource() {
  return useCredentialMutation(
    (datasourceId: string) => api.call('POST /api/v1/datasource/default', { datasource_id: datasourceId }),
    { success: 'messages.saved', failure: 'messages.failed_to_update' },
  );
}

/** POST /api/v1/datasource/rename: the caller shows a refusal beside the name field. */
export function useRenameDatasource() {
  return useCredentialMutation(
    (body: TRenameDatasourceBody) => api.call('POST /api/v1/datasource/rename', body),
    { success: 'messages.saved', failure: 'rename.failed' },
  );
}

/** DELETE /api/v1/datasource?id=: the source, its secrets and its cached data. */
export function useDeleteDatasource() {
  return useCredentialMutation((id: string) => api.call('DELETE /api/v1/datasource', { id }), {
    success: 'messages.removed',
    failure: 'messages.failed_to_remove',
  });
}
