import type { TDatasourceUsage } from '@parley/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api';
import { datasourceKeys } from './datasource-keys';

/**
 * GET /api/v1/datasource/usage, read fresh when the user asks to deactivate a source: which of
 * their collection cards read it. Null when it could not be read (the caller asks anyway).
 */
export function useUsageCheck(): (datasourceId: string) => Promise<TDatasourceUsage | null> {
  const client = useQueryClient();
  return useCallback(
    (datasourceId: string) =>
      client
        .fetchQuery({
          queryKey: datasourceKeys.usage(datasourceId),
          queryFn: ({ signal }) =>
            api.call('GET /api/v1/datasource/usage', { datasource_id: datasourceId }, { signal }),
          staleTime: 0,
        })
        .catch(() => null),
    [client],
  );
}
