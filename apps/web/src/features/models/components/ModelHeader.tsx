import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { ConfirmModal } from '../../../ui/ConfirmModal';
import { useEditor } from '../editor-context';
import { useModelVersions, useRestoreVersion } from '../hooks/useModel';
import { useSaveModel } from '../hooks/useSaveModel';
import { sameOverlay } from '../overlay';
import { timeAgo } from '../time';
import { ImportButtons } from './ImportButtons';
import { SaveDialogs } from './SaveDialogs';

/** The source's name and model version, and the actions on the whole model: save, undo, export, import. */
export function ModelHeader({ name, onDiscard }: { name: string; onDiscard: () => void }) {
  const { t } = useTranslation('models');
  const { id, view, saved, draft } = useEditor();
  const save = useSaveModel(id);
  const changed = !sameOverlay(saved, draft);
  const busy = save.state.phase === 'checking' || save.state.phase === 'saving';

  return (
    <header className="page-header model-header">
      <VersionLine name={name} />
      <Group gap={8} className="model-actions">
        <Button
          onClick={() => void save.start(draft, view.version)}
          disabled={!changed || busy}
          loading={busy}
          aria-describedby={changed ? undefined : 'model-save-why'}
          data-testid="model-save"
        >
          {t('save.label')}
        </Button>
        {changed ? (
          <Button variant="default" onClick={onDiscard} data-testid="model-discard">
            {t('save.discard')}
          </Button>
        ) : (
          <Text size="xs" c="var(--c-muted)" id="model-save-why" data-testid="model-save-why">
            {t('save.nothing')}
          </Text>
        )}
        <UndoButton />
        <Button
          variant="default"
          component="a"
          href={api.url('GET /api/v1/datasource/:id/model.yaml', { id })}
          download={`model-${id}.yaml`}
          data-testid="model-export"
        >
          {t('yaml.export')}
        </Button>
        <ImportButtons />
      </Group>
      <SaveDialogs save={save} />
    </header>
  );
}

/** "Model of Sales warehouse", then "Version 3 · saved by Ada, 2 minutes ago". */
function VersionLine({ name }: { name: string }) {
  const { t, i18n } = useTranslation('models');
  const { id, view } = useEditor();
  const versions = useModelVersions(id);
  const latest = versions.data?.find((v) => v.version === view.version);
  return (
    <div>
      <h1 className="page-title" data-testid="model-title">
        {t('title', { name })}
      </h1>
      <Text size="sm" c="var(--c-muted)" data-testid="model-version">
        {latest
          ? t('version_by', {
              version: view.version,
              author: latest.author,
              when: timeAgo(latest.created_at, i18n.language),
            })
          : t('version', { version: view.version })}
      </Text>
    </div>
  );
}

/** Undo last save: restores the version before the current one, after confirming. */
function UndoButton() {
  const { t } = useTranslation('models');
  const { id, view } = useEditor();
  const restore = useRestoreVersion(id);
  const [undoing, setUndoing] = useState(false);
  return (
    <>
      <Button
        variant="default"
        onClick={() => setUndoing(true)}
        disabled={view.version < 1}
        data-testid="model-undo"
      >
        {t('undo.label')}
      </Button>
      <ConfirmModal
        opened={undoing}
        title={t('undo.title')}
        confirmLabel={t('undo.confirm')}
        busy={restore.isPending}
        onClose={() => setUndoing(false)}
        onConfirm={() => restore.mutate(view.version - 1, { onSettled: () => setUndoing(false) })}
        testId="model-undo-modal"
        text={t('undo.text', { version: view.version - 1 })}
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
      />
    </>
  );
}
