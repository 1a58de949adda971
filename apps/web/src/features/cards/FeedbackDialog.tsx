import { Checkbox, Modal, SegmentedControl, Stack, Textarea } from '@mantine/core';
import type { TCard } from '@parley/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../lib/contract';
import { useReturnFocus } from '../../lib/focus';
import { Button } from '../../ui/Button';
import { FEEDBACK_FLAGS, type FeedbackFlag, type FeedbackType } from './feedback';
import { useSendFeedback } from './hooks/useFeedback';
import './i18n';

export type FeedbackMode = 'positive' | 'negative' | 'general';

export interface FeedbackDialogProps {
  opened: boolean;
  mode: FeedbackMode;
  onClose: () => void;
  /** The question the feedback is about. */
  phrase?: string;
  /** The answer's card: sent as data on thumbs feedback, and on the general form when shared. */
  card?: TCard | null;
  onSent?: () => void;
}

/** Thumbs feedback (flags only on thumbs-down) and the general feedback form (spec 2 §2). */
export function FeedbackDialog({ opened, mode, onClose, phrase, card, onSent }: FeedbackDialogProps) {
  const { t } = useTranslation('cards');
  useReturnFocus();
  const [flags, setFlags] = useState<FeedbackFlag[]>([]);
  const [message, setMessage] = useState('');
  const [type, setType] = useState<FeedbackType>('general_suggestion');
  const [share, setShare] = useState(false);
  const feedback = useSendFeedback();
  const showFlags = mode !== 'positive';

  const reset = () => {
    setFlags([]);
    setMessage('');
    setShare(false);
    setType('general_suggestion');
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const data = mode === 'general' ? (share && card ? card : undefined) : (card ?? undefined);
    feedback.mutate(
      {
        sentiment: mode === 'general' ? 'neutral' : mode,
        message,
        flags: showFlags ? flags : [],
        type: mode === 'general' ? type : undefined,
        phrase,
        data,
      },
      {
        onSuccess: () => {
          reset();
          onSent?.();
          onClose();
        },
      },
    );
  };

  const title =
    mode === 'positive'
      ? t('feedback.title_positive')
      : mode === 'negative'
        ? t('feedback.title_negative')
        : t('feedback.title_general');

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <form onSubmit={submit} data-testid="feedback-form">
        <Stack gap="sm">
          {mode === 'general' ? (
            <div>
              <div className="field-label" id="feedback-type-label">
                {t('feedback.type')}
              </div>
              <SegmentedControl
                fullWidth
                aria-labelledby="feedback-type-label"
                value={type}
                onChange={(v) => setType(v as FeedbackType)}
                data={[
                  { value: 'general_suggestion', label: t('feedback.general_suggestion') },
                  { value: 'report_problem', label: t('feedback.report_problem') },
                ]}
              />
            </div>
          ) : null}
          {showFlags
            ? FEEDBACK_FLAGS.map((flag) => (
                <Checkbox
                  key={flag}
                  label={t(`feedback.${flag}`)}
                  checked={flags.includes(flag)}
                  data-testid={`feedback-flag-${flag}`}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setFlags((f) => (on ? [...f, flag] : f.filter((x) => x !== flag)));
                  }}
                />
              ))
            : null}
          <Textarea
            label={t('feedback.message')}
            placeholder={t('feedback.message_placeholder')}
            autosize
            minRows={3}
            maxLength={LIMITS.FEEDBACK_MESSAGE}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            data-testid="feedback-message"
          />
          {mode === 'general' && card ? (
            <Checkbox
              label={t('feedback.share_card')}
              checked={share}
              onChange={(e) => setShare(e.currentTarget.checked)}
              data-testid="feedback-share"
            />
          ) : null}
          <div className="dialog-actions">
            <Button variant="default" onClick={onClose}>
              {t('feedback.cancel')}
            </Button>
            <Button
              variant="primary"
              type="submit"
              loading={feedback.isPending}
              data-testid="feedback-submit"
            >
              {t('feedback.submit')}
            </Button>
          </div>
        </Stack>
      </form>
    </Modal>
  );
}
