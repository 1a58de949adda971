import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { TAlert, TSemanticQuery } from '@parley/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api';
import { ACCENT } from '../../../ui/colours';
import { useSaveAlert } from '../hooks/useAlerts';
import { type AlertForm, alertSentence, conditionOf, defaultForm, fieldWords, formOf } from '../words';
import { ConditionFields } from './ConditionFields';
/** Where a refusal over the plan's limit sends the user. */
export const PLANS_PATH = '/user/subscriptions';

/** What a new alert is made from: the card's question, source and saved query. */
export interface AlertTarget {
  phrase: string;
  datasource_id: string;
  query: TSemanticQuery;
  /** The card's label of its first measure ("Revenue"), for the preview. */
  measureLabel?: string;
}

export type AlertDialogProps = { onClose: () => void } & (
  | { target: AlertTarget; alert?: never }
  | { alert: TAlert; target?: never }
);

/** A refusal as the dialog shows it: the server's message, and whether it is the plan's limit (403). */
function refusal(error: unknown, fallback: string): { text: string; plans: boolean } {
  return { text: errorMessage(error, fallback), plans: error instanceof ApiError && error.status === 403 };
}

/**
 * "Alert me" (DESIGN §12): a condition on the card's number and how often to check it, said back
 * as a sentence; creates the alert (POST) or, given one, edits it (PUT). Over the plan's limit the
 * server's message shows with a link to the plans.
 */
export function AlertDialog(props: AlertDialogProps) {
  const { t, i18n } = useTranslation('alerts');
  const source = props.alert ?? props.target;
  const [form, setForm] = useState<AlertForm>(() =>
    props.alert ? formOf(props.alert.condition, props.alert.schedule) : defaultForm(props.target.query),
  );
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<{ text: string; plans: boolean } | null>(null);
  const save = useSaveAlert();
  const result = conditionOf(form);
  const group = source.query.dimensions[0];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!result.ok || save.isPending) return;
    setFailure(null);
    const { condition } = result;
    const input = props.alert
      ? { update: { id: props.alert.id, condition, schedule: form.schedule } }
      : { create: { ...pick(props.target), condition, schedule: form.schedule } };
    save.mutate(input, {
      onSuccess: () => props.onClose(),
      onError: (error) => setFailure(refusal(error, t('dialog.failed'))),
    });
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      size="md"
      closeOnClickOutside={false}
      title={props.alert ? t('dialog.edit_title') : t('dialog.create_title')}
      closeButtonProps={{ 'aria-label': t('dialog.cancel') }}
      data-testid="alert-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="var(--c-muted)" lineClamp={2} title={source.phrase}>
            {t('dialog.about', { phrase: source.phrase })}
          </Text>
          <ConditionFields
            form={form}
            onChange={(next) => setForm((f) => ({ ...f, ...next }))}
            valueError={touched && !result.ok ? t(`errors.${result.error}`) : null}
            disabled={save.isPending}
          />
          {group ? (
            <Text size="sm" data-testid="alert-grouped">
              {t('dialog.grouped', { group: fieldWords(group) })}
            </Text>
          ) : null}
          {result.ok ? (
            <div className="alert-preview" aria-live="polite">
              <Text size="xs" fw={600} c="var(--c-muted)">
                {t('dialog.preview')}
              </Text>
              <Text size="sm" data-testid="alert-preview">
                {alertSentence(
                  result.condition,
                  source.query,
                  t,
                  i18n.language || 'en-US',
                  props.target?.measureLabel,
                )}
              </Text>
            </div>
          ) : null}
          {failure ? (
            <Alert color="red" role="alert" data-testid="alert-dialog-error">
              {failure.text}{' '}
              {failure.plans ? (
                <Link to={PLANS_PATH} onClick={props.onClose} data-testid="alert-plans-link">
                  {t('dialog.plans')}
                </Link>
              ) : null}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose} data-testid="alert-cancel">
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" color={ACCENT} loading={save.isPending} data-testid="alert-save">
              {t('dialog.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The body's fields of a target (its preview label stays on this side). */
function pick(target: AlertTarget) {
  return { phrase: target.phrase, datasource_id: target.datasource_id, query: target.query };
}
