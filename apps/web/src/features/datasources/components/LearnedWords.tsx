import { ActionIcon, Text, Tooltip } from '@mantine/core';
import type { TLearnedSynonym } from '@parley/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../ui/ConfirmModal';
import { CloseIcon } from '../../../ui/icons';
import type { Source } from '../datasources';
import { useForgetWord, useLearnedWords } from '../hooks/useLearnedWords';
import { TONES } from './tones';

/**
 * A source's learned words: each word the project taught by picking a choice
 * of a question back, with what it means; any member may remove one, after confirming.
 */
export function LearnedWords({ source }: { source: Source }) {
  const { t } = useTranslation('datasources');
  const list = useLearnedWords();
  const forget = useForgetWord();
  const [confirming, setConfirming] = useState<TLearnedSynonym | null>(null);
  const words = (list.data ?? []).filter((w) => w.datasource_id === source.id);
  const remove = () => {
    if (confirming) forget.mutate(confirming, { onSuccess: () => setConfirming(null) });
  };

  return (
    <section className="ds-accounts ds-words" aria-label={t('words.title')} data-testid="ds-words">
      <div className="ds-accounts-head">
        <span className="ds-accounts-title">{t('words.title')}</span>
      </div>
      {list.isPending ? null : list.isError ? (
        <Text size="sm" c="var(--c-muted)" data-testid="ds-words-failed">
          {t('words.failed_to_load')}
        </Text>
      ) : words.length === 0 ? (
        <Text size="sm" c="var(--c-muted)" data-testid="ds-words-none">
          {t('words.none')}
        </Text>
      ) : (
        <ul className="ds-account-list">
          {words.map((w) => (
            <li key={w.id} className="ds-account" data-testid="ds-word" data-word={w.word}>
              <span className="ds-account-name">{w.word}</span>
              <span className="ds-word-meaning">
                <span aria-hidden="true">→ </span>
                {w.meaning}
              </span>
              <Tooltip label={t('words.remove', { word: w.word })} withArrow>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={t('words.remove', { word: w.word })}
                  onClick={() => setConfirming(w)}
                  data-testid="ds-word-remove"
                >
                  <CloseIcon size={14} />
                </ActionIcon>
              </Tooltip>
            </li>
          ))}
        </ul>
      )}
      <ConfirmModal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('words.confirm_title')}
        text={
          confirming ? t('words.confirm_text', { word: confirming.word, meaning: confirming.meaning }) : null
        }
        confirmLabel={t('words.confirm')}
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
        color={TONES.danger}
        busy={forget.isPending}
        onConfirm={remove}
        testId="ds-word-modal"
        confirmTestId="ds-word-confirm"
      />
    </section>
  );
}
