import type { TCredentials } from '@parley/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronLeftIcon, ChevronRightIcon, CollectionsIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { CollectionCard, cardCount, useCollectionAnswers, useCollections } from '../collections';
import { useSession } from '../session';
import { pagerAt } from './pager';

/** Sources a question can be asked of: active and not revoked (the dashboard's count). */
function activeCredentials(credentials: TCredentials | null | undefined): number {
  return Object.values(credentials ?? {}).filter((c) => c.active && !c.revoked).length;
}

/**
 * The dashboard's collections (spec 1 §2.6): counts of collections, cards and active data
 * sources, then the first collection one card at a time with a bounded previous/next pager; the
 * empty states lead to creating a collection or adding a card.
 */
export function CollectionsWidget() {
  const { t } = useTranslation();
  const { tenant } = useSession();
  const collections = useCollections();
  const list = collections.data ?? [];
  const first = list[0] ?? null;
  const answers = useCollectionAnswers(first && first.questions.length > 0 ? first.id : null);
  const [index, setIndex] = useState(0);
  const pager = pagerAt(index, first?.questions.length ?? 0);
  const question = first?.questions[pager.index] ?? null;
  const item = question ? first?.layout.find((l) => l.i === question.id) : undefined;

  const counts = [
    { key: 'collections', value: list.length },
    { key: 'cards', value: cardCount(list) },
    { key: 'credentials', value: activeCredentials(tenant?.credentials) },
  ];

  return (
    <section
      className="panel dash-collections"
      aria-labelledby="dash-collections-title"
      data-testid="dashboard-collections"
    >
      <h2 className="panel-title" id="dash-collections-title">
        {t('dashboard:collections_title')}
      </h2>
      <dl className="dash-counts" aria-label={t('dashboard:counts_label')}>
        {counts.map((c) => (
          <div
            key={c.key}
            className="dash-count"
            data-testid={`dashboard-count-${c.key}`}
            data-count={c.value}
          >
            <dt>{t(`dashboard:count_${c.key}`)}</dt>
            <dd>{collections.isPending && c.key !== 'credentials' ? '–' : c.value}</dd>
          </div>
        ))}
      </dl>
      {collections.isPending ? (
        <div className="dash-card-empty">
          <Spinner size={20} label={t('common.loading')} />
        </div>
      ) : !first ? (
        <div className="empty-state dash-card-empty" data-testid="dashboard-no-collections">
          <CollectionsIcon size={28} />
          <span>{t('dashboard:no_collections')}</span>
          <Link to="/collections#new" className="btn btn-primary" data-testid="dashboard-create-collection">
            {t('dashboard:create_collection')}
          </Link>
        </div>
      ) : (
        <div className="dash-first" data-testid="dashboard-first-collection" data-id={first.id}>
          <div className="dash-first-head">
            <Link
              to={`/collection/${first.id}`}
              className="dash-first-name"
              aria-label={t('dashboard:open_collection', { name: first.name })}
              data-testid="dashboard-collection-name"
            >
              {first.name}
            </Link>
            {pager.count > 0 ? (
              <nav className="dash-pager" aria-label={first.name}>
                <button
                  type="button"
                  className="dash-pager-btn"
                  onClick={() => setIndex(pager.index - 1)}
                  disabled={!pager.canPrev}
                  aria-label={t('dashboard:previous_card')}
                  title={t('dashboard:previous_card')}
                  data-testid="dashboard-card-prev"
                >
                  <ChevronLeftIcon size={16} />
                </button>
                <span className="dash-pager-pos" aria-live="polite" data-testid="dashboard-card-position">
                  {t('dashboard:card_position', { index: pager.index + 1, count: pager.count })}
                </span>
                <button
                  type="button"
                  className="dash-pager-btn"
                  onClick={() => setIndex(pager.index + 1)}
                  disabled={!pager.canNext}
                  aria-label={t('dashboard:next_card')}
                  title={t('dashboard:next_card')}
                  data-testid="dashboard-card-next"
                >
                  <ChevronRightIcon size={16} />
                </button>
              </nav>
            ) : null}
          </div>
          {question ? (
            <div className="dash-card">
              <CollectionCard
                key={question.id}
                collection={first}
                question={question}
                gridWidth={item?.w ?? 4}
                ready={answers.isFetched}
                testId="dashboard-card"
              />
            </div>
          ) : (
            <div className="empty-state dash-card-empty" data-testid="dashboard-no-cards">
              <span>{t('dashboard:no_cards')}</span>
              <Link
                to={`/collection/${first.id}/new`}
                className="btn btn-primary"
                data-testid="dashboard-add-card"
              >
                {t('dashboard:add_card')}
              </Link>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
