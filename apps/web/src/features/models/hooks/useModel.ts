import type { EndpointInput, TModelOverlay, TModelView } from '@parley/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { isAbort } from './model-api';
import { modelKeys } from './model-keys';
import { putModelYaml } from './yaml';

/** GET /api/v1/datasource/{id}/model: the model with its overlay, what the editor edits. */
export function useModelView(id: string) {
  return useQuery({
    queryKey: modelKeys.view(id),
    queryFn: ({ signal }) => api.call('GET /api/v1/datasource/:id/model', { id }, { signal }),
    retry: false,
  });
}

/** GET …/model/versions: every save, newest first as the server lists them. */
export function useModelVersions(id: string) {
  return useQuery({
    queryKey: modelKeys.versions(id),
    queryFn: ({ signal }) => api.call('GET /api/v1/datasource/:id/model/versions', { id }, { signal }),
    retry: false,
  });
}

/** After anything that makes a new version: the model, its versions and checks are read again. */
function useModelChanged(id: string) {
  const queryClient = useQueryClient();
  return async (view?: TModelView) => {
    if (view) queryClient.setQueryData(modelKeys.view(id), view);
    await queryClient.invalidateQueries({ queryKey: modelKeys.all(id) });
  };
}

/** POST …/model/versions/{version}/restore: the restored model replaces the one on screen. */
export function useRestoreVersion(id: string) {
  const { t } = useTranslation('models');
  const changed = useModelChanged(id);
  return useMutation({
    mutationFn: (version: number) =>
      api.call('POST /api/v1/datasource/:id/model/versions/:version/restore', { id, version }),
    onSuccess: async (view, version) => {
      await changed(view);
      toast.success(t('versions.restored', { version }));
    },
    onError: (err) => {
      if (!isAbort(err)) toast.error(errorMessage(err, t('versions.failed')));
    },
  });
}

/** POST …/model/try: how a phrase is read with the draft overlay. */
export function useTryPhrase(id: string) {
  return useMutation({
    mutationFn: (input: { phrase: string; overlay: TModelOverlay }) =>
      api.call('POST /api/v1/datasource/:id/model/try', { id, ...input }),
  });
}

/** POST …/model/dbt: the result (mapped and unmapped items) stays on screen, so no toast on success. */
export function useDbtImport(id: string) {
  const changed = useModelChanged(id);
  return useMutation({
    mutationFn: (body: EndpointInput<'POST /api/v1/datasource/:id/model/dbt'>) =>
      api.call('POST /api/v1/datasource/:id/model/dbt', { id, ...body }),
    onSuccess: async () => changed(),
  });
}

/** PUT …/model.yaml: the model as the file says; a 400's message names the line. */
export function useYamlImport(id: string) {
  const { t } = useTranslation('models');
  const changed = useModelChanged(id);
  return useMutation({
    mutationFn: (text: string) => putModelYaml(id, text),
    onSuccess: async (view) => {
      await changed(view);
      toast.success(t('yaml.imported'));
    },
  });
}
