import type { TBrokenCheck, TModelOverlay } from '@parley/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { brokenOf } from './model-api';
import { modelKeys } from './model-keys';

/** Where a save stands: checking the impact, waiting for a confirmation, saving, or refused. */
export type SaveState =
  | { phase: 'idle' }
  | { phase: 'checking' }
  | { phase: 'impact'; broken: TBrokenCheck[] }
  | { phase: 'saving' }
  | { phase: 'refused'; message: string; broken: TBrokenCheck[] };

/**
 * Saving a draft (DESIGN §12): POST …/model/preview first; verified questions it
 * would break are shown and the save waits for a confirmation; then PUT { overlay, base_version,
 * confirm }. A 409 (someone saved meanwhile, or a check broke since) shows the server's message.
 */
export function useSaveModel(id: string) {
  const { t } = useTranslation('models');
  const queryClient = useQueryClient();
  const [state, setState] = useState<SaveState>({ phase: 'idle' });

  const refuse = (err: unknown) =>
    setState({ phase: 'refused', message: errorMessage(err, t('save.failed')), broken: brokenOf(err) });

  const put = async (overlay: TModelOverlay, baseVersion: number, confirm: boolean) => {
    setState({ phase: 'saving' });
    try {
      const view = await api.call('PUT /api/v1/datasource/:id/model', {
        id,
        overlay,
        base_version: baseVersion,
        confirm,
      });
      queryClient.setQueryData(modelKeys.view(id), view);
      await queryClient.invalidateQueries({ queryKey: modelKeys.all(id) });
      setState({ phase: 'idle' });
      toast.success(t('save.saved', { version: view.version }));
    } catch (err) {
      refuse(err);
    }
  };

  const start = async (overlay: TModelOverlay, baseVersion: number) => {
    setState({ phase: 'checking' });
    try {
      const preview = await api.call('POST /api/v1/datasource/:id/model/preview', { id, overlay });
      if (preview.broken.length > 0) setState({ phase: 'impact', broken: preview.broken });
      else await put(overlay, baseVersion, false);
    } catch (err) {
      refuse(err);
    }
  };

  return {
    state,
    start,
    confirm: (overlay: TModelOverlay, baseVersion: number) => put(overlay, baseVersion, true),
    dismiss: () => setState({ phase: 'idle' }),
  };
}
