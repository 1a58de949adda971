import { Lru } from '../../lib/lru';
import { hashToken, randomToken } from '../../lib/tokens';
import { PROCESS_COPY_MS, TtlCache } from '../../lib/ttl-cache';
import type { SessionsRepository } from './sessions.repository';

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

export interface NewSession {
  /** The cookie value; only its hash is stored. */
  token: string;
  xsrfToken: string;
}

/** Sessions: cookie tokens stored as SHA-256, idle and absolute timeouts (DESIGN §8). */
export class SessionsService {
  /**
   * Sessions read lately, by session id (the cookie's hash): every request needs one (issue 14).
   * Logout, password change and the user's own changes drop the copy at once in this process;
   * another process (several web processes on one PostgreSQL, DESIGN §10) sees them within the
   * copy time (lib/ttl-cache.ts), and a read racing a logout keeps nothing.
   */
  private readonly cache: TtlCache<SessionRow>;
  /** Session ids of cookie tokens seen lately: a token's SHA-256 is worked out once, not per request. */
  private readonly ids = new Lru<string>(10_000);

  constructor(
    private readonly repo: SessionsRepository,
    options: { cacheMs?: number; cacheSize?: number } = {},
  ) {
    this.cache = new TtlCache(options.cacheMs ?? PROCESS_COPY_MS.shared, options.cacheSize ?? 10_000);
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
   * Drops this process's copies of a user's sessions: after anything that changes the user
   * (profile, time zone, memberships, deletion), their next request reads them again.
   */
  forgetUser(userId: string): void {
    this.cache.forgetWhere((row) => row?.user.id === userId);
  }

  /** A fresh session for a user; the previous one of this browser (if any) ends, so ids never carry over. */
  async start(userId: string, previousSessionId: string | null): Promise<NewSession> {
    if (previousSessionId) await this.end(previousSessionId);
    const token = randomToken();
    const xsrfToken = randomToken();
    await this.repo.insert(hashToken(token), userId, xsrfToken);
    return { token, xsrfToken };
  }

  async end(sessionId: string): Promise<void> {
    // Dropped before and after the delete: a read racing it keeps nothing.
    this.cache.forget(sessionId);
    await this.repo.delete(sessionId);
    this.cache.forget(sessionId);
  }

  /** Ends every session of a user (password change or reset). */
  async endAllOf(userId: string): Promise<void> {
    this.forgetUser(userId);
    await this.repo.deleteOfUser(userId);
    this.forgetUser(userId);
  }
}
