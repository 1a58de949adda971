import type { TSemanticQuery, TTeachWordBody } from '@parley/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import '../i18n';

/** POST /features/synonyms: "Teach '<word>' = <choice>" after a chip change. */
export function useTeachWord() {
  const { t } = useTranslation('cards');
  return useMutation({
    mutationFn: ({ body }: { body: TTeachWordBody; choice: string }) =>
      api.call('POST /features/synonyms', body),
    onSuccess: (_, { body, choice }) => toast.success(t('remember.taught', { word: body.word, choice })),
    onError: (err) => toast.error(errorMessage(err, t('remember.failed'))),
  });
}

export interface VerifyInput {
  sourceId: string;
  phrase: string;
  query: TSemanticQuery;
}

/** POST /api/v1/datasource/:id/verified: the phrase pinned to the query ("Verify this question"). */
export function useVerifyQuestion(texts: { done: string; failed: string }) {
  return useMutation({
    mutationFn: ({ sourceId, phrase, query }: VerifyInput) => {
      return api.call('POST /api/v1/datasource/:id/verified', { id: sourceId, phrases: [phrase], query });
    },
    onSuccess: () => toast.success(texts.done),
    onError: (err) => toast.error(errorMessage(err, texts.failed)),
  });
}
