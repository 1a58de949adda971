import { Button, Group, Text, TextInput } from '@mantine/core';
import type { TVerifiedQuestion } from '@parley/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../editor-context';
import { useAddVerified, useDeleteVerified, useVerifiedQuestions } from '../hooks/useVerified';
import { timeAgo } from '../time';

/** The source's verified questions, each with its last check; adding one, and deleting (ADMIN_MODELS_DELETE). */
export function VerifiedPanel() {
  const { t } = useTranslation('models');
  const { id, canDelete } = useEditor();
  const list = useVerifiedQuestions(id);
  const add = useAddVerified(id);
  const remove = useDeleteVerified(id);
  const [phrase, setPhrase] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (phrase.trim()) add.mutate(phrase.trim(), { onSuccess: () => setPhrase('') });
  };
  return (
    <section className="panel model-verified" aria-labelledby="model-verified-title">
      <h2 className="panel-title" id="model-verified-title">
        {t('verified.title')}
      </h2>
      {list.isError ? <Text size="sm">{t('verified.failed_to_load')}</Text> : null}
      {list.data?.length === 0 ? (
        <Text size="sm" c="var(--c-muted)">
          {t('verified.none')}
        </Text>
      ) : null}
      <ul className="model-verified-list" data-testid="model-verified">
        {(list.data ?? []).map((q) => (
          <VerifiedItem
            key={q.id}
            q={q}
            deleting={remove.isPending && remove.variables === q.id}
            onDelete={canDelete ? () => remove.mutate(q.id) : null}
          />
        ))}
      </ul>
      <form onSubmit={submit} data-testid="model-verified-form">
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label={t('verified.add_label')}
            value={phrase}
            onChange={(e) => setPhrase(e.currentTarget.value)}
            style={{ flex: 1 }}
            data-testid="model-verified-input"
          />
          <Button
            type="submit"
            variant="light"
            loading={add.isPending}
            disabled={!phrase.trim()}
            data-testid="model-verified-add"
          >
            {t('verified.add')}
          </Button>
        </Group>
      </form>
    </section>
  );
}

interface ItemProps {
  q: TVerifiedQuestion;
  deleting: boolean;
  /** Absent without ADMIN_MODELS_DELETE: no delete button. */
  onDelete: (() => void) | null;
}

/** One verified question: its phrases, its last check (ok, or broken and why) and Delete. */
function VerifiedItem({ q, deleting, onDelete }: ItemProps) {
  const { t, i18n } = useTranslation('models');
  return (
    <li data-testid="model-verified-item" data-status={q.status}>
      <Group justify="space-between" wrap="nowrap" gap={6}>
        <span>
          {q.phrases.map((p) => `“${p}”`).join(', ')}
          <br />
          <span className={`model-status model-status-${q.status}`}>{t(`verified.status.${q.status}`)}</span>
          {q.status === 'broken' && q.reason ? <span className="model-muted"> — {q.reason}</span> : null}
          <span className="model-muted">
            {' · '}
            {q.checked_at
              ? t('verified.checked', { when: timeAgo(q.checked_at, i18n.language) })
              : t('verified.unchecked')}
          </span>
        </span>
        {onDelete ? (
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            loading={deleting}
            aria-label={t('verified.delete_of', { phrase: q.phrases[0] ?? '' })}
            onClick={onDelete}
            data-testid="model-verified-delete"
          >
            {t('verified.delete')}
          </Button>
        ) : null}
      </Group>
    </li>
  );
}
