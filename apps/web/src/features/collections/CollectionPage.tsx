import './collections.css';
import './i18n';
import { Button, Group, Loader, SegmentedControl } from '@mantine/core';
import type { TQuestion } from '@parley/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { storage } from '../../lib/storage';
import { toast } from '../../lib/toast';
import { ACCENT } from '../../ui/colours';
import { ArrowLeftIcon, PlusIcon, SaveIcon } from '../../ui/icons';
import { questionInput, translateMessage, updateBody } from './collections';
import { CardEditor } from './components/CardEditor';
import { CollectionGrid } from './components/CollectionGrid';
import { RemoveCardModal } from './components/RemoveCardModal';
import { SendNowButton } from './components/SendNowButton';
import { useCollectionAnswers } from './hooks/useCardAnswers';
import { useCollections, useUpdateCollection } from './hooks/useCollections';
import { type Density, layoutForCards, mergeLayout, sameGeometry, toStoredLayout } from './layout';

/** The spacing chosen last, kept on this browser. */
const DENSITY_KEY = 'collectionDensity';

type Box = { i: string; x: number; y: number; w: number; h: number };

function storedDensity(): Density {
  return storage.get(DENSITY_KEY) === 'cozy' ? 'cozy' : 'compact';
}

/**
 * /collection/{id}/{questionId?} (spec 2 §2): the collection's cards on a draggable, resizable
 * grid; Save layout once the positions changed; compact/cozy spacing; the add button; the card
 * editor when questionId is a card id or `new`.
 */
export default function CollectionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '', questionId } = useParams();
  const collections = useCollections();
  const collection = collections.data?.find((c) => c.id === id) ?? null;
  const answers = useCollectionAnswers(collection ? collection.id : null);
  const save = useUpdateCollection();
  const [density, setDensity] = useState<Density>(storedDensity);
  const [removing, setRemoving] = useState<TQuestion | null>(null);

  const cardIds = useMemo(() => collection?.questions.map((q) => q.id) ?? [], [collection]);
  const saved = useMemo(
    () => (collection ? layoutForCards(collection.layout, cardIds) : []),
    [collection, cardIds],
  );
  const [grid, setGrid] = useState<Box[]>(saved);
  const [dirty, setDirty] = useState(false);
  const changed = dirty && !sameGeometry(grid, saved);

  // The stored positions changed (cards added or removed, a save): the grid follows, keeping
  // unsaved moves of the cards still there.
  const savedKey = JSON.stringify(saved.map(({ i, x, y, w, h }) => [i, x, y, w, h]));
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the stored geometry only (savedKey), not each new array
  useEffect(() => {
    setGrid((current) => (dirty ? mergeLayout(current, saved) : saved));
  }, [savedKey]);

  // A collection that is not (or no longer) there sends the user back to the list (spec 2 §4).
  const missing = collections.isSuccess && !collection;
  const failed = collections.isError;
  useEffect(() => {
    if (missing) toast.error(translateMessage('Collection not found!', t));
    if (missing || failed) void navigate('/collections', { replace: true });
  }, [missing, failed, navigate, t]);

  // An unknown card id in the address: 'Question not found!', back to the collection.
  const unknownCard =
    !!collection &&
    !!questionId &&
    questionId !== 'new' &&
    !collection.questions.some((q) => q.id === questionId);
  useEffect(() => {
    if (unknownCard) {
      toast.error(translateMessage('Question not found!', t));
      void navigate(`/collection/${id}`, { replace: true });
    }
  }, [unknownCard, id, navigate, t]);

  if (!collection) {
    return (
      <section className="page" data-testid="page-collection">
        <Group justify="center" p="xl">
          <Loader size="sm" aria-label={t('common.loading')} />
        </Group>
      </section>
    );
  }

  const chooseDensity = (value: string) => {
    const next: Density = value === 'cozy' ? 'cozy' : 'compact';
    setDensity(next);
    storage.set(DENSITY_KEY, next);
  };

  const saveLayout = () =>
    save.mutate(
      {
        body: updateBody(collection, { layout: toStoredLayout(grid, collection.layout) }),
        texts: {
          success: 'collections:messages.layout_saved',
          failure: 'collections:messages.failed_to_move',
        },
      },
      { onSuccess: () => setDirty(false) },
    );

  const confirmRemove = () => {
    if (!removing) return;
    save.mutate(
      {
        body: updateBody(collection, {
          questions: collection.questions.filter((q) => q.id !== removing.id).map(questionInput),
        }),
        texts: {
          success: 'collections:messages.card_removed',
          failure: 'collections:messages.failed_to_update',
        },
      },
      { onSuccess: () => setRemoving(null) },
    );
  };

  const closeEditor = () => void navigate(`/collection/${collection.id}`);
  const addCard = () => void navigate(`/collection/${collection.id}/new`);

  return (
    <section className="page page-collection" data-testid="page-collection" data-id={collection.id}>
      <header className="page-header cl-detail-header">
        <Link to="/collections" className="cl-back" data-testid="collection-back">
          <ArrowLeftIcon size={16} />
          {t('collections:detail.back')}
        </Link>
        <div className="cl-detail-bar">
          <h1 className="page-title" data-testid="collection-title">
            {collection.name}
          </h1>
          <Group gap="sm" className="cl-detail-tools">
            {changed ? (
              <Button
                variant="default"
                leftSection={<SaveIcon size={16} />}
                onClick={saveLayout}
                loading={save.isPending}
                data-testid="collection-save-layout"
              >
                {t('collections:detail.save_layout')}
              </Button>
            ) : null}
            <SendNowButton collection={collection} />
            <SegmentedControl
              value={density}
              onChange={chooseDensity}
              aria-label={t('collections:detail.density')}
              data={[
                { value: 'compact', label: t('collections:detail.compact') },
                { value: 'cozy', label: t('collections:detail.cozy') },
              ]}
              data-testid="collection-density"
            />
            <Button
              color={ACCENT}
              leftSection={<PlusIcon size={16} />}
              onClick={addCard}
              data-testid="collection-add-card"
            >
              {t('collections:detail.add_card')}
            </Button>
          </Group>
        </div>
      </header>
      {collection.questions.length === 0 ? (
        <div className="panel empty-state" data-testid="collection-empty">
          <p>{t('collections:detail.empty')}</p>
          <Button
            color={ACCENT}
            leftSection={<PlusIcon size={16} />}
            onClick={addCard}
            data-testid="collection-empty-add"
          >
            {t('collections:detail.add_card')}
          </Button>
        </div>
      ) : (
        <section aria-label={t('collections:detail.grid_label', { name: collection.name })}>
          <CollectionGrid
            collection={collection}
            layout={grid}
            density={density}
            ready={answers.isFetched}
            onUserChange={(next) => {
              setGrid(next);
              setDirty(true);
            }}
            onSettle={(next) => setGrid((current) => (sameGeometry(current, next) ? current : next))}
            onRemove={setRemoving}
          />
        </section>
      )}
      {questionId && !unknownCard ? (
        <CardEditor key={questionId} collection={collection} questionId={questionId} onClose={closeEditor} />
      ) : null}
      <RemoveCardModal
        opened={removing !== null}
        busy={save.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </section>
  );
}
