import type { TProfileBody } from '@parley/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../../lib/api';
import { STORAGE_KEYS, storage } from '../../../lib/storage';
import { toast } from '../../../lib/toast';

/** Set before the reload that follows a save, so the success toast shows on the fresh page. */
const SAVED_MARKER = 'profileSaved';

function takeSavedMarker(): boolean {
  try {
    const saved = sessionStorage.getItem(SAVED_MARKER) !== null;
    sessionStorage.removeItem(SAVED_MARKER);
    return saved;
  } catch {
    return false;
  }
}

/**
 * PUT /features/profile. Success stores the profile language as the interface language and
 * reloads the page (spec 1 §2.7), whose fresh copy shows the success toast (useProfileSavedToast).
 */
export function useUpdateProfile() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (body: TProfileBody) => api.call('PUT /features/profile', body),
    onSuccess: (_tenant, body) => {
      storage.set(STORAGE_KEYS.language, body.language);
      try {
        sessionStorage.setItem(SAVED_MARKER, '1');
      } catch {
        toast.success(t('settings:updated'));
      }
      window.location.reload();
    },
    onError: (err) => toast.error(errorMessage(err, t('settings:failed_to_update_account'))),
  });
}

/** Shows the profile's success toast once, on the page a save reloaded. */
export function useProfileSavedToast(): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (takeSavedMarker()) toast.success(t('settings:updated'));
  }, [t]);
}
