import '../i18n';
import './add-to-collection.css';
import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type TCard, type TCollection, type TQuestionInput, ZCollectionName } from '@parley/contract';
import type { TFunction } from 'i18next';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LIMITS } from '../../../lib/contract';
import { ACCENT } from '../../../ui/colours';
import { CollectionAddIcon } from '../../../ui/icons';
import { useSession } from '../../session';
import { failureText, samePhrase } from '../collections';
import { type AddTarget, CollectionGone, useAddToCollection } from '../hooks/useAddToCollection';
import { useCollections } from '../hooks/useCollections';

export interface AddToCollectionProps {
  card: TCard;
  /** The question the card answers (the card's title when none). */
  phrase?: string;
  /** The tab stop the card's toolbar gives this button. */
  tabIndex?: number;
}

/** Whether the user's plan and tenant offer collections (the answer cards' button shows only then). */
export function useCollectionsEnabled(): boolean {
  const { tenant } = useSession();
  return tenant?.features.includes('COLLECTIONS') ?? false;
}

/** Whether the collection already has a card asking this phrase of this source (or of the default). */
function holds(collection: TCollection, phrase: string, source: string | null): boolean {
  return collection.questions.some(
    (q) =>
      samePhrase(q.phrase, phrase) &&
      (q.data_adapter === null || source === null || q.data_adapter === source),
  );
}

/** What a refused add shows: the server's message (a plan limit, a duplicate), else ours. */
function refusal(error: unknown, target: AddTarget, t: TFunction): string {
  if (error instanceof CollectionGone) return t('collections:messages.collection_not_found');
  return failureText(
    error,
    t,
    target.kind === 'new'
      ? 'collections:messages.failed_to_create'
      : 'collections:messages.failed_to_add_card',
  );
}

/**
 * "Add to collection" on an answer card: a button that opens one small dialog to pick one of the
 * user's collections or create one by name; the card keeps its question and source, so the
 * collection asks it again each time it is opened.
 */
export function AddToCollection({ card, phrase, tabIndex }: AddToCollectionProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('collections:add.open')}
        title={t('collections:add.open')}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        tabIndex={tabIndex}
        data-testid="card-add-to-collection"
      >
        <CollectionAddIcon />
      </button>
      {open ? (
        <AddToCollectionDialog
          card={card}
          phrase={phrase?.trim() || card.title}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

function AddToCollectionDialog({
  card,
  phrase,
  onClose,
}: {
  card: TCard;
  phrase: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const collections = useCollections();
  const add = useAddToCollection();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<TCollection | null>(null);
  const source = card.source?.id ?? null;
  const question: TQuestionInput = { phrase, data_adapter: source, interval: 0 };
  const validName = ZCollectionName.safeParse(name);

  const addTo = (target: AddTarget) => {
    setError(null);
    add.mutate(
      { target, question },
      { onSuccess: setAdded, onError: (failure) => setError(refusal(failure, target, t)) },
    );
  };
  const create = (e: FormEvent) => {
    e.preventDefault();
    if (validName.success && !add.isPending) addTo({ kind: 'new', name: validName.data });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="sm"
      title={t('collections:add.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="add-to-collection"
    >
      <Stack gap="sm">
        <Text size="sm" c="var(--c-muted)" lineClamp={2} title={phrase}>
          {t('collections:add.question', { phrase })}
        </Text>
        {added ? (
          <Stack gap="sm" role="status" data-testid="add-to-collection-done">
            <Text fw={600}>{t('collections:add.added', { name: added.name })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} data-testid="add-to-collection-close">
                {t('common.close')}
              </Button>
              <Button
                component={Link}
                to={`/collection/${added.id}`}
                color={ACCENT}
                data-testid="add-to-collection-open"
              >
                {t('collections:add.open_collection', { name: added.name })}
              </Button>
            </Group>
          </Stack>
        ) : (
          <>
            <CollectionChoices
              collections={collections.data}
              loading={collections.isPending}
              busy={add.isPending}
              isHeld={(c) => holds(c, phrase, source)}
              onPick={(c) => addTo({ kind: 'existing', id: c.id })}
            />
            <form onSubmit={create} noValidate>
              <Group align="flex-end" gap="xs" wrap="nowrap">
                <TextInput
                  className="atc-name"
                  label={t('collections:add.create_label')}
                  placeholder={t('collections:add.create_placeholder')}
                  value={name}
                  onChange={(e) => setName(e.currentTarget.value)}
                  maxLength={LIMITS.COLLECTION_NAME}
                  disabled={add.isPending}
                  data-testid="add-to-collection-name"
                />
                <Button
                  type="submit"
                  color={ACCENT}
                  disabled={!validName.success}
                  loading={add.isPending}
                  data-testid="add-to-collection-create"
                >
                  {t('collections:add.create')}
                </Button>
              </Group>
            </form>
            {error ? (
              <Alert color="red" role="alert" data-testid="add-to-collection-error">
                {error}
              </Alert>
            ) : null}
          </>
        )}
      </Stack>
    </Modal>
  );
}

interface ChoicesProps {
  collections: TCollection[] | undefined;
  loading: boolean;
  busy: boolean;
  isHeld: (collection: TCollection) => boolean;
  onPick: (collection: TCollection) => void;
}

/** The user's collections, each a button; one that already holds the card says so. */
function CollectionChoices({ collections, loading, busy, isHeld, onPick }: ChoicesProps) {
  const { t } = useTranslation();
  const labelId = useId();
  if (loading) return <Loader size="xs" aria-label={t('common.loading')} />;
  if (!collections?.length) return <Text size="sm">{t('collections:add.none')}</Text>;
  return (
    <div>
      <Text size="sm" fw={600} mb={4} id={labelId}>
        {t('collections:add.existing')}
      </Text>
      <ul className="atc-list" aria-labelledby={labelId} data-testid="add-to-collection-list">
        {collections.map((c) => {
          const held = isHeld(c);
          return (
            <li key={c.id}>
              <button
                type="button"
                className="atc-choice"
                disabled={held || busy}
                onClick={() => onPick(c)}
                data-testid="add-to-collection-choice"
                data-id={c.id}
              >
                <span className="atc-choice-name" title={c.name}>
                  {c.name}
                </span>
                <span className="atc-choice-meta">
                  {held
                    ? t('collections:add.already')
                    : t('collections:add.cards', { count: c.questions.length })}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
