import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, api, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { assistantKeys } from './assistant-keys';
import '../i18n';

/** An unknown or expired authorisation request: the server forgot it, the user starts again. */
export function isExpiredRequest(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * Follows the authorisation server's next address (its own endpoint, or the client's redirect
 * URI after a denial); anything but http(s) is refused, so a bad answer cannot run script.
 */
export function followRedirect(redirect: string): boolean {
  let url: URL;
  try {
    url = new URL(redirect, window.location.origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  window.location.assign(url.href);
  return true;
}

/** GET /api/v1/oauth/interaction/:uid: the client asking, its scopes and where the browser returns. */
export function useInteraction(uid: string) {
  return useQuery({
    queryKey: assistantKeys.interaction(uid),
    queryFn: ({ signal }) => api.call('GET /api/v1/oauth/interaction/:uid', { uid }, { signal }),
    // One read per visit: the request does not change while the user decides.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export type ConsentAnswer = 'consent' | 'deny';

/**
 * POST …/consent or …/deny, then on to the answer's redirect. A 404 (expired meanwhile) is left to
 * the view, which then says so; other failures toast.
 */
export function useAnswerInteraction(uid: string) {
  const { t } = useTranslation('assistants');
  return useMutation({
    // Answers whether the browser is on its way (the redirect was followed).
    mutationFn: async (answer: ConsentAnswer) => {
      const { redirect } =
        answer === 'consent'
          ? await api.call('POST /api/v1/oauth/interaction/:uid/consent', { uid })
          : await api.call('POST /api/v1/oauth/interaction/:uid/deny', { uid });
      return followRedirect(redirect);
    },
    onSuccess: (leaving) => {
      if (!leaving) toast.error(t('consent.failed'));
    },
    onError: (error) => {
      if (!isExpiredRequest(error)) toast.error(errorMessage(error, t('consent.failed')));
    },
  });
}
