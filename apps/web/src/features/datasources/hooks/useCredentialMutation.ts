import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { useRefetchTenant } from '../../session';
import { failureText } from '../datasources';
import { READS_SOURCES } from './datasource-keys';
import '../i18n';

interface Texts {
  /** Message key of the success toast; none when the change speaks for itself. */
  success?: string;
  /** Message key of the failure toast when the server sent no message. */
  failure: string;
  /** Toast the fallback even when the server sent a message (the caller shows that one itself). */
  fixedFailure?: boolean;
}

/**
 * A change to the user's connections: on success the tenant is re-read before the mutation
 * settles (the cards show the new state as the spinner stops), every query that reads the sources
 * (READS_SOURCES) is refetched, then the success toast; on
 * failure the server's message (translated when it is one of the fixed ones) or the fallback.
 */
export function useCredentialMutation<I, O>(mutationFn: (input: I) => Promise<O>, texts: Texts) {
  const { t } = useTranslation('datasources');
  const refetchTenant = useRefetchTenant();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: I) => {
      const out = await mutationFn(input);
      await refetchTenant().catch(() => null);
      void client.invalidateQueries({
        predicate: (q) => q.meta?.readsSources === READS_SOURCES.readsSources,
      });
      return out;
    },
    onSuccess: () => {
      if (texts.success) toast.success(t(texts.success));
    },
    onError: (err) => {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      toast.error(texts.fixedFailure ? t(texts.failure) : failureText(err, t, texts.failure));
    },
  });
}
