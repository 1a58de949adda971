import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { datasourceKeys } from './datasource-keys';

/**
 * GET /api/v1/datasource/types?connect=true: the kinds of source this server can connect, each
 * with how it is connected (its form, upload or consent screen); rarely changes.
 */
export function useDatasourceTypes() {
  return useQuery({
    queryKey: datasourceKeys.types,
    queryFn: () => api.call('GET /api/v1/datasource/types', { connect: 'true' }),
    staleTime: 10 * 60_000,
  });
}
