import type { TReportName, TReportUpdateBody } from '@parley/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { errorMessage } from '../../../lib/api/errors';
import { toast } from '../../../lib/toast';
import { READS_SOURCES } from '../../datasources';
import '../i18n';

/** Query keys of the Intelligence Suite resources (DESIGN §11). */
export const reportKeys = {
  list: ['reports', 'list'] as const,
  issues: (report: TReportName) => ['reports', 'issues', report] as const,
};

const aborted = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * GET /features/deep-research-reports. `failure` is the toast key when it fails: the list says
 * 'Failed to fetch reports!', a profile form 'Failed to retrieve organisation information!'.
 */
export function useReports(failure: 'fetch_failed' | 'organisation_failed' = 'fetch_failed', enabled = true) {
  const { t } = useTranslation('reports');
  return useQuery({
    queryKey: reportKeys.list,
    meta: READS_SOURCES,
    enabled,
    retry: false,
    queryFn: async ({ signal }) => {
      try {
        return await api.call('GET /features/deep-research-reports', undefined, { signal });
      } catch (error) {
        if (!aborted(error)) toast.error(errorMessage(error, t(`messages.${failure}`)));
        throw error;
      }
    },
  });
}

/** GET /features/deep-research-report/issues?report= : newest first; polled while one is being built. */
export function useReportIssues(report: TReportName, waitingFor: string | null) {
  return useQuery({
    queryKey: reportKeys.issues(report),
    retry: false,
    queryFn: ({ signal }) => api.call('GET /features/deep-research-report/issues', { report }, { signal }),
    refetchInterval: (q) => (waitingFor && !q.state.data?.some((i) => i.id === waitingFor) ? 2000 : false),
  });
}

/** PUT /features/deep-research-report: the profile and schedule settings. */
export function useSaveReport() {
  const { t } = useTranslation('reports');
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TReportUpdateBody) => api.call('PUT /features/deep-research-report', body),
    onSuccess: () => {
      toast.success(t('form.saved'));
      return client.invalidateQueries({ queryKey: reportKeys.list });
    },
    onError: (error) => toast.error(errorMessage(error, t('messages.update_failed'))),
  });
}

const ACTION_TEXTS = {
  run: { success: 'messages.run_submitted', failure: 'messages.run_failed' },
  start: { success: 'messages.started', failure: 'messages.start_failed' },
  stop: { success: 'messages.stopped', failure: 'messages.stop_failed' },
} as const;

export type ReportAction = keyof typeof ACTION_TEXTS;

/** Generate (run), start or stop a report's schedule, with the toasts of spec 2 §8. */
export function useReportAction() {
  const { t } = useTranslation('reports');
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, report }: { action: ReportAction; report: TReportName }) => {
      const body = { report };
      if (action === 'run') return (await api.call('PUT /features/deep-research-report/run', body)).id;
      await api.call(`PUT /features/deep-research-report/${action}`, body);
      return null;
    },
    onSuccess: (_id, { action, report }) => {
      toast.success(t(ACTION_TEXTS[action].success));
      void client.invalidateQueries({ queryKey: reportKeys.issues(report) });
      return client.invalidateQueries({ queryKey: reportKeys.list });
    },
    onError: (error, { action }) => toast.error(errorMessage(error, t(ACTION_TEXTS[action].failure))),
  });
}
