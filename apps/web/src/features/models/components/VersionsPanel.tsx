import { Button, Group, Text } from '@mantine/core';
import type { TModelVersions } from '@parley/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../ui/ConfirmModal';
import { useEditor } from '../editor-context';
import { useModelVersions, useRestoreVersion } from '../hooks/useModel';
import { timeAgo } from '../time';

/** A change line's tone by its first character: + added, − removed, ~ changed. */
function tone(line: string): 'add' | 'remove' | 'change' | 'plain' {
  if (line.startsWith('+')) return 'add';
  if (line.startsWith('-') || line.startsWith('−')) return 'remove';
  if (line.startsWith('~')) return 'change';
  return 'plain';
}

/** Every save of the model (who, when, what), its changes as a diff, and restoring one. */
export function VersionsPanel() {
  const { t } = useTranslation('models');
  const { id, view } = useEditor();
  const versions = useModelVersions(id);
  const restore = useRestoreVersion(id);
  const [restoring, setRestoring] = useState<number | null>(null);
  return (
    <section className="panel model-versions" aria-labelledby="model-versions-title">
      <h2 className="panel-title" id="model-versions-title">
        {t('versions.title')}
      </h2>
      {versions.isError ? <Text size="sm">{t('versions.failed_to_load')}</Text> : null}
      <ol className="model-version-list" data-testid="model-versions">
        {(versions.data ?? []).map((v) => (
          <VersionItem key={v.version} v={v} current={v.version === view.version} onRestore={setRestoring} />
        ))}
      </ol>
      <ConfirmModal
        opened={restoring !== null}
        title={t('versions.restore_title')}
        confirmLabel={t('versions.restore')}
        busy={restore.isPending}
        onClose={() => setRestoring(null)}
        testId="model-restore-modal"
        onConfirm={() =>
          restoring !== null && restore.mutate(restoring, { onSettled: () => setRestoring(null) })
        }
        text={t('versions.restore_text', { version: restoring ?? 0 })}
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
      />
    </section>
  );
}

interface ItemProps {
  v: TModelVersions[number];
  current: boolean;
  onRestore: (version: number) => void;
}

/** One version: who saved it and when, its summary, its changes as a diff on demand, Restore. */
function VersionItem({ v, current, onRestore }: ItemProps) {
  const { t, i18n } = useTranslation('models');
  const [open, setOpen] = useState(false);
  const changes = v.changes ?? [];
  return (
    <li data-testid="model-version-item" data-version={v.version}>
      <Group justify="space-between" wrap="nowrap" gap={6}>
        <span>
          <strong>{t('versions.number', { version: v.version })}</strong> · {v.author} ·{' '}
          <time dateTime={v.created_at}>{timeAgo(v.created_at, i18n.language)}</time>
          <br />
          <span className="model-muted">{v.summary}</span>
        </span>
        <Group gap={4} wrap="nowrap">
          {changes.length > 0 ? (
            <Button
              size="compact-xs"
              variant="subtle"
              aria-expanded={open}
              onClick={() => setOpen((o) => !o)}
            >
              {t('versions.changes')}
            </Button>
          ) : null}
          {current ? (
            <span className="model-badge">{t('versions.current')}</span>
          ) : (
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => onRestore(v.version)}
              data-testid="model-version-restore"
            >
              {t('versions.restore')}
            </Button>
          )}
        </Group>
      </Group>
      {open ? (
        <ul className="model-diff" aria-label={t('versions.changes_of', { version: v.version })}>
          {changes.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a version's change lines never reorder
            <li key={i} className={`model-diff-${tone(line)}`}>
              {line}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
