import './collections.css';
import './i18n';
import { Button, Group, Loader } from '@mantine/core';
import type { TCollection } from '@parley/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ConfirmModal, DANGER } from '../../ui/ConfirmModal';
import { ACCENT } from '../../ui/colours';
import { CalendarIcon, CollectionsIcon, EditIcon, MailIcon, PlusIcon, TrashIcon } from '../../ui/icons';
import { useSession } from '../session';
import { scheduleText } from './collections';
import { CollectionFormModal } from './components/CollectionFormModal';
import { useCollections, useDeleteCollection } from './hooks/useCollections';

/** The dialog open on the list: creating (also reached by #new), editing one, or none. */
type Dialog = { kind: 'create' } | { kind: 'edit'; collection: TCollection } | null;

/**
 * /collections (spec 2 §2): the user's collections with their question count and digest schedule,
 * edit and delete, the empty state, and the create/edit dialog (#new opens it).
 */
export default function CollectionsPage() {
  const { t, i18n } = useTranslation();
  const { tenant } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const collections = useCollections();
  const remove = useDeleteCollection();
  const [editing, setEditing] = useState<TCollection | null>(null);
  const [deleting, setDeleting] = useState<TCollection | null>(null);
  const creating = location.hash === '#new';
  const dialog: Dialog = creating
    ? { kind: 'create' }
    : editing
      ? { kind: 'edit', collection: editing }
      : null;
  const list = collections.data ?? [];

  const openCreate = () => void navigate({ hash: '#new' });
  const closeDialog = () => {
    setEditing(null);
    if (creating) void navigate({ hash: '' }, { replace: true });
  };
  const confirmDelete = () => {
    if (deleting) remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
  };

  return (
    <section className="page" data-testid="page-collections">
      <header className="page-header cl-page-header">
        <div>
          <h1 className="page-title">{t('nav.collections')}</h1>
          <p className="page-subtitle">{t('collections:subtitle')}</p>
        </div>
        <Button
          color={ACCENT}
          leftSection={<PlusIcon size={16} />}
          onClick={openCreate}
          data-testid="collections-new"
        >
          {t('collections:new')}
        </Button>
      </header>
      {collections.isPending ? (
        <Group justify="center" p="xl">
          <Loader size="sm" aria-label={t('common.loading')} />
        </Group>
      ) : list.length === 0 ? (
        <div className="panel empty-state cl-empty" data-testid="collections-empty">
          <CollectionsIcon size={32} />
          <p>{t('collections:empty')}</p>
          <Button
            color={ACCENT}
            leftSection={<PlusIcon size={16} />}
            onClick={openCreate}
            data-testid="collections-empty-create"
          >
            {t('collections:new')}
          </Button>
        </div>
      ) : (
        <ul className="cl-list" aria-label={t('collections:list_label')} data-testid="collections-list">
          {list.map((c) => {
            const schedule = scheduleText(
              c.notification_frequency,
              tenant?.language ?? 'en-US',
              i18n.language,
              t,
            );
            return (
              <li key={c.id} className="cl-item" data-testid="collection-item" data-id={c.id}>
                <Link to={`/collection/${c.id}`} className="cl-item-link">
                  {/* Ellipsised on one line: the whole name shows on hover (the text keeps it for readers). */}
                  <h2 className="cl-item-name" title={c.name} data-testid="collection-item-name">
                    {c.name}
                  </h2>
                  <span className="cl-item-count" data-testid="collection-item-count">
                    {t('collections:question_count', { count: c.questions.length })}
                  </span>
                  <span className="cl-item-schedule" data-testid="collection-item-schedule">
                    {schedule ? <MailIcon size={14} /> : <CalendarIcon size={14} />}
                    {schedule ?? t('collections:no_schedule')}
                  </span>
                </Link>
                <div className="cl-item-actions">
                  <button
                    type="button"
                    className="cl-icon-btn"
                    aria-label={t('collections:edit', { name: c.name })}
                    title={t('collections:edit', { name: c.name })}
                    onClick={() => setEditing(c)}
                    data-testid="collection-edit"
                  >
                    <EditIcon size={16} />
                  </button>
                  <button
                    type="button"
                    className="cl-icon-btn cl-icon-btn-danger"
                    aria-label={t('collections:delete', { name: c.name })}
                    title={t('collections:delete', { name: c.name })}
                    onClick={() => setDeleting(c)}
                    data-testid="collection-delete"
                  >
                    <TrashIcon size={16} />
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {dialog ? (
        <CollectionFormModal
          key={dialog.kind === 'edit' ? dialog.collection.id : 'new'}
          opened
          collection={dialog.kind === 'edit' ? dialog.collection : null}
          onClose={closeDialog}
        />
      ) : null}
      <ConfirmModal
        opened={deleting !== null}
        title={t('collections:delete_title')}
        text={t('collections:delete_text', { name: deleting?.name ?? '' })}
        confirmLabel={t('collections:delete_confirm')}
        color={DANGER}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        testId="collection-delete-modal"
      />
    </section>
  );
}
