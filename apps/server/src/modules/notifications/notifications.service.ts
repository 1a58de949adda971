import type { TNotifications } from '@parley/contract';
import type { AccessPolicy, Actor } from '../../lib/access';
import { Invalid } from '../../lib/errors';
import type { NewNotification, NotificationRow, NotificationsRepository } from './notifications.repository';

/** Notices a page holds (DESIGN §12). */
export const NOTIFICATIONS_PAGE = 20;

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/**
 * The notifications panel: what the app tells a user about their own things (so far only a
 * verified question that broke). A user sees and marks only their own notices.
 */
export class NotificationsService {
  constructor(
    private readonly repo: NotificationsRepository,
    private readonly access: AccessPolicy,
    private readonly clock: () => Date,
  ) {}

  /** A page of the actor's notices, newest first; `before` is the last page's oldest created_at. */
  async list(actor: Actor, query: { before?: string }): Promise<TNotifications> {
    await this.access.requireAccess(actor, {});
    const before = query.before ? new Date(query.before) : null;
    if (before && Number.isNaN(before.getTime()))
      throw new Invalid('Invalid field before: expected an ISO date and time');
    const [rows, unread] = await Promise.all([
      this.repo.list(actor.userId, before, NOTIFICATIONS_PAGE),
      this.repo.unread(actor.userId),
    ]);
    return { unread, items: rows.map(toItem) };
  }

  /** Marks the actor's notices read (these ids, or all); ids of others' notices change nothing. */
  async read(actor: Actor, body: { ids: string[] } | { all: true }): Promise<{ unread: number }> {
    await this.access.requireAccess(actor, {});
    const ids = 'ids' in body ? body.ids.filter(isUuid) : null;
    await this.repo.markRead(actor.userId, ids, this.clock());
    return { unread: await this.repo.unread(actor.userId) };
  }

  /** Tells a user something, once per dedupe key; true when it was new. */
  add(notice: Omit<NewNotification, 'createdAt'>): Promise<boolean> {
    return this.repo.insert({ ...notice, createdAt: this.clock() });
  }
}

function toItem(row: NotificationRow): TNotifications['items'][number] {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    text: row.text,
    created_at: row.createdAt.toISOString(),
    read: row.readAt !== null,
    link: row.link,
  };
}
