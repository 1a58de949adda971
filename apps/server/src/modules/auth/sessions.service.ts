import { type InvalidationBus, LocalInvalidationBus } from '../../lib/invalidation';
import { Lru } from '../../lib/lru';
import { hashToken, randomToken } from '../../lib/tokens';
import { PROCESS_COPY_MS, TtlCache } from '../../lib/ttl-cache';
import type { SessionsRepository } from './sessions.repository';

/** The cookie carries a random token; the table holds only its hash, so a copy of the table signs no one in. */
export const SESSION_COOKIE = 'parley_session';
/** A session unused for this long ends (idle timeout). */
export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
/** No session lives longer than this, used or not (absolute timeout). */
export const SESSION_MAX_MS = 30 * 24 * 60 * 60 * 1000;
// The session's last-seen time is written at most this often, not on every request.
const TOUCH_EVERY_MS = 60_000;

/** What a request knows about its signed-in user before the project is applied. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  features: string[];
  timezone: string | null;
  language: string;
  projects: string[];
}

type SessionRow = Awaited<ReturnType<SessionsRepository['find']>>;

/** What a sign-in hands the browser: the cookie's token, and the xsrf token the SPA sends back on writes. */
export interface NewSession {
  /** The cookie value; only its hash is stored. */
  token: string;
  xsrfToken: string;
}

/** Sessions: cookie tokens stored as SHA-256, idle and absolute timeouts (DESIGN §8). */
export class SessionsService {
  /**
   * Sessions read lately, by session id (the cookie's hash): every request needs one, so it is not
   * read from the database each time. Logout, password change, account deletion and the user's own
   * changes drop the copy in every process (lib/invalidation.ts); a read racing a logout keeps nothing.
   */
  private readonly cache: TtlCache<SessionRow>;
  /** Session ids of cookie tokens seen lately: a token's SHA-256 is worked out once, not per request. */
  private readonly ids = new Lru<string>(10_000);
  private readonly bus: InvalidationBus;

  constructor(
    private readonly repo: SessionsRepository,
    options: { cacheMs?: number; cacheSize?: number; bus?: InvalidationBus } = {},
  ) {
    const bus = options.bus ?? new LocalInvalidationBus();
    this.bus = bus;
    this.cache = new TtlCache(
      options.cacheMs ?? PROCESS_COPY_MS.shared,
      options.cacheSize ?? 10_000,
      () => bus.live,
    );
    bus.subscribe('session', (id) => this.cache.forget(id ?? undefined));
    bus.subscribe('user', (userId) =>
      userId === null ? this.cache.forget() : this.cache.forgetWhere((row) => row?.user.id === userId),
    );
  }

  /** Looks a cookie up; expired (idle or absolute) sessions are deleted and ignored. */
  async find(token: string): Promise<{ user: SessionUser; sessionId: string; xsrfToken: string } | null> {
    if (token.length > 200) return null;
    let id = this.ids.get(token);
    if (id === undefined) {
      id = hashToken(token);
      this.ids.set(token, id);
    }
    const row = await this.read(id);
    if (!row) return null;
    const now = Date.now();
    const { session } = row;
    if (
      now - session.lastSeenAt.getTime() > SESSION_IDLE_MS ||
      now - session.createdAt.getTime() > SESSION_MAX_MS
    ) {
      await this.end(id);
      return null;
    }
    if (now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      // The copy moves with the row, so the idle timeout counts from the same time in both.
      session.lastSeenAt = new Date(now);
      await this.repo.touch(id);
    }
    return { user: { ...row.user, projects: row.projects }, sessionId: id, xsrfToken: session.xsrfToken };
  }

  /** The session row with its user and projects: the process's copy while fresh, else the database's. */
  private read(id: string): Promise<SessionRow> {
    return this.cache.read(
      id,
      () => this.repo.find(id),
      (row) => row !== null,
    );
  }

  /**
   * Drops every process's copies of a user's sessions: after anything that changes the user
   * (profile, time zone, memberships), their next request reads them again. Here at once; the
   * other processes' as soon as the notice reaches them (`userChanged` waits for it to be sent).
   */
  forgetUser(userId: string): void {
    void this.userChanged(userId);
  }

  /** As `forgetUser`, resolved once the other processes are told (the user was deleted). */
  userChanged(userId: string): Promise<void> {
    return this.bus.publish('user', userId);
  }

  /**
   * Whether a session still exists, read from the database, not from a copy: a write that failed
   * for a missing user asks it to tell "deleted meanwhile" (401) from a fault (500).
   */
  async stillExists(sessionId: string): Promise<boolean> {
    if ((await this.repo.find(sessionId)) !== null) return true;
    await this.bus.publish('session', sessionId);
    return false;
  }

  /** A fresh session for a user; the previous one of this browser (if any) ends, so ids never carry over. */
  async start(userId: string, previousSessionId: string | null): Promise<NewSession> {
    if (previousSessionId) await this.end(previousSessionId);
    const token = randomToken();
    const xsrfToken = randomToken();
    await this.repo.insert(hashToken(token), userId, xsrfToken);
    return { token, xsrfToken };
  }

  /** Ends one session (logout, a replaced or an expired session), in every process. */
  async end(sessionId: string): Promise<void> {
    // Dropped before and after the delete: a read racing it keeps nothing. Every other process
    // drops its copy once the delete is committed.
    this.cache.forget(sessionId);
    await this.repo.delete(sessionId);
    await this.bus.publish('session', sessionId);
  }

  /** Ends every session of a user (password change or reset), in every process. */
  async endAllOf(userId: string): Promise<void> {
    this.cache.forgetWhere((row) => row?.user.id === userId);
    await this.repo.deleteOfUser(userId);
    await this.userChanged(userId);
  }
}
