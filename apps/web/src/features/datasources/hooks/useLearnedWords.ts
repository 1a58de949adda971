import type { TLearnedSynonym } from '@parley/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { failureText } from '../datasources';
import { datasourceKeys } from './datasource-keys';
import '../i18n';

/**
 * GET /features/synonyms: the words the project learned from picked choices of questions back,
 * of every source; each source card shows its own. Re-read whenever the screen opens, since
 * questions teach words meanwhile.
 */
export function useLearnedWords() {
  return useQuery({
    queryKey: datasourceKeys.synonyms,
    queryFn: ({ signal }) => api.call('GET /features/synonyms', {}, { signal }),
    retry: false,
  });
}

/** DELETE /features/synonym?id=: the word is forgotten for the whole project. */
export function useForgetWord() {
  const { t } = useTranslation('datasources');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (word: TLearnedSynonym) => api.call('DELETE /features/synonym', { id: word.id }),
    onSuccess: async (_answer, word) => {
      queryClient.setQueryData<TLearnedSynonym[]>(datasourceKeys.synonyms, (list) =>
        list?.filter((w) => w.id !== word.id),
      );
      await queryClient.invalidateQueries({ queryKey: datasourceKeys.synonyms });
      toast.success(t('words.removed', { word: word.word }));
    },
    onError: (err) => {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      toast.error(failureText(err, t, 'words.failed_to_remove'));
    },
  });
}
