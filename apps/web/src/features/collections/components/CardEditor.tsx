import '../i18n';
import { Autocomplete, Button, Group, Modal, type OptionsFilter, Select, Stack } from '@mantine/core';
import type { TCollection, TCollectionResponse, TQuestionInput } from '@parley/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS, REFRESH_INTERVALS } from '../../../lib/contract';
import { DANGER } from '../../../ui/ConfirmModal';
import { ACCENT } from '../../../ui/colours';
import { useEscapeToClose } from '../../../ui/escape';
import { SafeHtml } from '../../../ui/SafeHtml';
import { AnalysisCard } from '../../cards';
import { SourcePicker, useSourceChoice } from '../../datasources';
import { isDuplicatePhrase, questionInput, samePhrase, updateBody } from '../collections';
import { collectionKeys } from '../hooks/collection-keys';
import { useUpdateCollection } from '../hooks/useCollections';
import { usePreview, useSuggestions } from '../hooks/useEditor';
import { suggestionGroups } from '../suggestions';
import { RemoveCardModal } from './RemoveCardModal';

/** The options as suggestionGroups filtered them (by what is typed, 4 a list). */
const passFiltered: OptionsFilter = ({ options }) => options;

/** The preview on screen and what it answered: a phrase on a source (null: the card's own source). */
interface Shown {
  phrase: string;
  source: string | null;
  response: Pick<TCollectionResponse, 'card' | 'text'> | null;
}

export interface CardEditorProps {
  collection: TCollection;
  /** 'new' adds a card; else the id of the card edited. */
  questionId: string;
  onClose: () => void;
}

/** The auto-refresh choices of spec 2 §9: not set, 10, 15, 20, 30 minutes, 1 hour. */
function refreshLabel(minutes: number, t: TFunction): string {
  if (minutes === 0) return t('collections:editor.refresh_off');
  if (minutes === 60) return t('collections:editor.refresh_hour');
  return t('collections:editor.refresh_minutes', { count: minutes });
}

/**
 * The card editor (spec 2 §2, §4, §5): data source, question with suggestions, preview, auto
 * refresh; Save only after a change with a preview of what is saved; Remove when editing.
 */
export function CardEditor({ collection, questionId, onClose }: CardEditorProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const ids = { question: useId(), refresh: useId() };
  const editing =
    questionId === 'new' ? null : (collection.questions.find((q) => q.id === questionId) ?? null);
  const choice = useSourceChoice();
  const suggestions = useSuggestions();
  const preview = usePreview();
  const save = useUpdateCollection();
  const [phrase, setPhrase] = useState(editing?.phrase ?? '');
  const [interval, setInterval] = useState<number>(editing?.interval ?? 0);
  const [removing, setRemoving] = useState(false);
  // Editing starts with the card's own answer as its preview.
  const [shown, setShown] = useState<Shown | null>(() => {
    if (!editing) return null;
    const answer = client.getQueryData<TCollectionResponse>(collectionKeys.answer(collection.id, editing.id));
    return answer && !answer.error
      ? { phrase: editing.phrase, source: editing.data_adapter, response: answer }
      : null;
  });

  // The edited card's source is preselected (null: the user's default, which the picker shows).
  const { setValue } = choice;
  const initialSource = editing?.data_adapter ?? null;
  useEffect(() => {
    if (initialSource) setValue(initialSource);
  }, [initialSource, setValue]);

  const source = choice.value;
  // A card on the user's default source (data_adapter null) stays so unless another is picked.
  const [defaultAtStart] = useState(choice.value);
  const adapter = editing && editing.data_adapter === null && source === defaultAtStart ? null : source;
  const text = phrase.trim();
  const busy = preview.isPending || save.isPending;
  const duplicate = isDuplicatePhrase(collection.questions, text, source, editing?.id ?? null);
  const previewCurrent =
    shown !== null &&
    shown.response !== null &&
    samePhrase(shown.phrase, text) &&
    (shown.source === null || shown.source === source);
  const changed = editing
    ? !samePhrase(editing.phrase, text) || editing.data_adapter !== adapter || editing.interval !== interval
    : text !== '';
  const canSave = changed && previewCurrent && !duplicate && !save.isPending && text !== '';

  // The user's own questions first (most asked, recently asked), then the model's.
  const options = useMemo(() => {
    const lists = suggestions.data ?? { favourites: [], history: [], model: [] };
    const taken = collection.questions.map((q) => q.phrase);
    return suggestionGroups(lists, taken, phrase).map((g) => ({
      group: t(`collections:suggestions.${g.key}`),
      items: g.items,
    }));
  }, [suggestions.data, collection.questions, phrase, t]);

  const runPreview = (e?: FormEvent) => {
    e?.preventDefault();
    if (!text || preview.isPending) return;
    preview.mutate(
      { phrase: text, datasource_id: source },
      { onSuccess: (answer) => setShown({ phrase: answer.phrase, source, response: answer.response }) },
    );
  };

  const submit = () => {
    if (!canSave) return;
    const input: TQuestionInput = {
      phrase: text,
      data_adapter: adapter,
      interval: interval as TQuestionInput['interval'],
    };
    const questions = editing
      ? collection.questions.map((q) =>
          q.id === editing.id ? { ...questionInput(q), ...input } : questionInput(q),
        )
      : [...collection.questions.map(questionInput), input];
    const resolvedAgain = editing && (!samePhrase(editing.phrase, text) || editing.data_adapter !== adapter);
    save.mutate(
      {
        body: updateBody(collection, { questions }),
        texts: editing
          ? {
              success: 'collections:messages.card_updated',
              failure: 'collections:messages.failed_to_update_card',
            }
          : {
              success: 'collections:messages.card_added',
              failure: 'collections:messages.failed_to_add_card',
            },
      },
      {
        onSuccess: () => {
          if (editing && resolvedAgain)
            void client.invalidateQueries({ queryKey: collectionKeys.answer(collection.id, editing.id) });
          onClose();
        },
      },
    );
  };

  const remove = () => {
    if (!editing) return;
    save.mutate(
      {
        body: updateBody(collection, {
          questions: collection.questions.filter((q) => q.id !== editing.id).map(questionInput),
        }),
        texts: {
          success: 'collections:messages.card_removed',
          failure: 'collections:messages.failed_to_update',
        },
      },
      {
        onSuccess: () => {
          client.removeQueries({ queryKey: collectionKeys.answer(collection.id, editing.id) });
          setRemoving(false);
          onClose();
        },
      },
    );
  };

  const response = shown?.response ?? null;
  const escapeRef = useEscapeToClose<HTMLDivElement>(onClose);

  return (
    <Modal
      ref={escapeRef}
      opened
      onClose={onClose}
      size="min(980px, 96vw)"
      title={editing ? t('collections:editor.edit_title') : t('collections:editor.new_title')}
      closeOnClickOutside={false}
      closeOnEscape={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="card-editor"
    >
      <form onSubmit={runPreview} noValidate data-testid="card-editor-form">
        <Stack gap="md">
          <SourcePicker choice={choice} />
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <Autocomplete
              id={ids.question}
              className="ce-question"
              label={t('collections:editor.question')}
              description={t('collections:editor.question_hint')}
              // Mantine's dimmed description falls short of AA contrast on white.
              styles={{ description: { color: 'var(--c-muted)' } }}
              placeholder={t('collections:editor.question_placeholder')}
              data={options}
              filter={passFiltered}
              value={phrase}
              onChange={setPhrase}
              maxLength={LIMITS.PHRASE}
              disabled={source === null || busy}
              error={duplicate ? t('collections:messages.duplicate_phrase') : undefined}
              comboboxProps={{ withinPortal: true }}
              data-autofocus
              data-testid="ce-question"
            />
            <Button
              type="submit"
              variant="default"
              disabled={!text || preview.isPending}
              loading={preview.isPending}
              data-testid="ce-preview"
            >
              {t('collections:editor.preview')}
            </Button>
          </Group>
          <div className="ce-preview" data-testid="ce-preview-area" aria-live="polite">
            {response?.card ? (
              <AnalysisCard card={response.card} gridWidth={4} />
            ) : response?.text ? (
              <SafeHtml html={response.text} className="ce-preview-text" />
            ) : (
              <p className="ce-preview-empty">{t('collections:editor.preview_empty')}</p>
            )}
          </div>
          <Select
            id={ids.refresh}
            label={t('collections:editor.refresh')}
            data={REFRESH_INTERVALS.map((m) => ({ value: String(m), label: refreshLabel(m, t) }))}
            value={String(interval)}
            onChange={(v) => setInterval(Number(v ?? 0))}
            allowDeselect={false}
            disabled={save.isPending}
            comboboxProps={{ withinPortal: true }}
            className="ce-refresh"
            data-testid="ce-refresh"
          />
          <Group justify="space-between">
            {editing ? (
              <Button
                variant="subtle"
                color={DANGER}
                onClick={() => setRemoving(true)}
                disabled={save.isPending}
                data-testid="ce-remove"
              >
                {t('collections:editor.remove')}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="sm">
              <Button variant="default" onClick={onClose} disabled={save.isPending} data-testid="ce-cancel">
                {t('common.cancel')}
              </Button>
              <Button
                color={ACCENT}
                onClick={submit}
                disabled={!canSave}
                loading={save.isPending && !removing}
                data-testid="ce-save"
              >
                {t('collections:editor.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
      <RemoveCardModal
        opened={removing}
        busy={save.isPending}
        onConfirm={remove}
        onClose={() => setRemoving(false)}
      />
    </Modal>
  );
}
