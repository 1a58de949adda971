import type { TAlert, TAlertBody, TAlertUpdateBody } from '@parley/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { alertKeys } from './alert-keys';
import '../i18n';

/** GET /features/alerts: the signed-in user's alerts. */
export function useAlerts() {
  return useQuery({
    queryKey: alertKeys.list,
    queryFn: ({ signal }) => api.call('GET /features/alerts', undefined, { signal }),
    retry: false,
  });
}

/** The list with one alert replaced by the server's answer (or added). */
function withAlert(list: TAlert[] | undefined, alert: TAlert): TAlert[] | undefined {
  if (!list) return list;
  return list.some((a) => a.id === alert.id)
    ? list.map((a) => (a.id === alert.id ? alert : a))
    : [...list, alert];
}

/**
 * POST /features/alerts (create) or PUT (edit). Refusals are left to the dialog, which shows the
 * server's message where it stays open (a plan limit with its link to the plans).
 */
export function useSaveAlert() {
  const { t } = useTranslation('alerts');
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { create: TAlertBody } | { update: TAlertUpdateBody }) =>
      'create' in input
        ? api.call('POST /features/alerts', input.create)
        : api.call('PUT /features/alerts', input.update),
    onSuccess: (alert, input) => {
      client.setQueryData<TAlert[]>(alertKeys.list, (list) => withAlert(list, alert));
      void client.invalidateQueries({ queryKey: alertKeys.list });
      toast.success(t('create' in input ? 'dialog.created' : 'dialog.updated'));
    },
  });
}

/** PUT /features/alerts from the list: pause, resume, snooze, wake. Failures toast. */
export function useChangeAlert() {
  const { t } = useTranslation('alerts');
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: TAlertUpdateBody) => api.call('PUT /features/alerts', update),
    onSuccess: (alert) => client.setQueryData<TAlert[]>(alertKeys.list, (list) => withAlert(list, alert)),
    onError: (err) => toast.error(errorMessage(err, t('page.change_failed'))),
  });
}

/** DELETE /features/alerts?id=. */
export function useDeleteAlert() {
  const { t } = useTranslation('alerts');
  const client = useQueryClient();
  return useMutation({
    mutationFn: (alert: TAlert) => api.call('DELETE /features/alerts', { id: alert.id }),
    onSuccess: (_, alert) => {
      client.setQueryData<TAlert[]>(alertKeys.list, (list) => list?.filter((a) => a.id !== alert.id));
      toast.success(t('page.deleted'));
    },
    onError: (err) => toast.error(errorMessage(err, t('page.delete_failed'))),
  });
}
