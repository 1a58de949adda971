import './models.css';
import './i18n';
import { Alert, Loader } from '@mantine/core';
import type { TModelView } from '@parley/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { useSession } from '../session';
import { SettingsFrame } from '../settings';
import { DefinitionsPanel } from './components/DefinitionsPanel';
import { DisabledList } from './components/DisabledList';
import { ModelHeader } from './components/ModelHeader';
import { TablesPanel } from './components/TablesPanel';
import { TryBox } from './components/TryBox';
import { VerifiedPanel } from './components/VerifiedPanel';
import { VersionsPanel } from './components/VersionsPanel';
import { type Editor, EditorContext } from './editor-context';
import { useModelView } from './hooks/useModel';
import { normalizeOverlay } from './overlay';

/** /user/datasources/{id}/model: the model behind a source's answers, editable. */
export default function ModelPage() {
  const { t } = useTranslation('models');
  const { id = '' } = useParams();
  const { tenant } = useSession();
  const model = useModelView(id);
  const name = tenant?.credentials?.[id]?.name ?? id;
  const canDelete = tenant?.features.includes('ADMIN_MODELS_DELETE') ?? false;

  return (
    <SettingsFrame testId="model" className="model-page" back={{ to: '/user/datasources', label: t('back') }}>
      {model.isPending ? (
        <Loader aria-label={t('loading')} />
      ) : model.isError ? (
        <Alert color="red" role="alert" data-testid="model-failed">
          {errorMessage(model.error, t('failed_to_load'))}
        </Alert>
      ) : (
        <ModelEditor id={id} name={name} view={model.data} canDelete={canDelete} />
      )}
    </SettingsFrame>
  );
}

interface EditorProps {
  id: string;
  name: string;
  view: TModelView;
  canDelete: boolean;
}

function ModelEditor({ id, name, view, canDelete }: EditorProps) {
  const saved = useMemo(() => normalizeOverlay(view.overlay), [view.overlay]);
  const [draft, setDraft] = useState(saved);
  const [base, setBase] = useState(view.version);
  // A new version (save, restore, import) starts a fresh draft; the rest of the screen (an import's
  // result panel) stays, so this resets state during render rather than remounting the editor.
  if (view.version !== base) {
    setBase(view.version);
    setDraft(saved);
  }
  const editor: Editor = useMemo(
    () => ({ id, view, saved, draft, edit: (change) => setDraft((d) => change(d)), canDelete }),
    [id, view, saved, draft, canDelete],
  );

  return (
    <EditorContext.Provider value={editor}>
      <ModelHeader name={name} onDiscard={() => setDraft(saved)} />
      <DisabledList disabled={view.disabled ?? []} />
      <div className="model-grid">
        <div className="model-main">
          <TablesPanel />
          <DefinitionsPanel />
        </div>
        <aside className="model-aside">
          <TryBox />
          <VerifiedPanel />
          <VersionsPanel />
        </aside>
      </div>
    </EditorContext.Provider>
  );
}
