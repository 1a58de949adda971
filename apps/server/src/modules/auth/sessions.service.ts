import { hashToken, randomToken } from '../../lib/tokens';
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

export interface NewSession {
  /** The cookie value; only its hash is stored. */
  token: string;
  xsrfToken: string;
}

/** Sessions: cookie tokens stored as SHA-256, idle and absolute timeouts (DESIGN §8). */
export class SessionsService {
  constructor(private readonly repo: SessionsRepository) {}

  /** Looks a cookie up; expired (idle or absolute) sessions are deleted and ignored. */
  async find(token: string): Promise<{ user: SessionUser; sessionId: string; xsrfToken: string } | null> {
    if (token.length > 200) return null;
    const id = hashToken(token);
    const row = await this.repo.find(id);
    if (!row) return null;
    const now = Date.now();
    const { session } = row;
    if (
      now - session.lastSeenAt.getTime() > SESSION_IDLE_MS ||
      now - session.createdAt.getTime() > SESSION_MAX_MS
    ) {
      await this.repo.delete(id);
      return null;
    }
    if (now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) await this.repo.touch(id);
    return { user: { ...row.user, projects: row.projects }, sessionId: id, xsrfToken: session.xsrfToken };
  }

  /** A fresh session for a user; the previous one of this browser (if any) ends, so ids never carry over. */
  async start(userId: string, previousSessionId: string | null): Promise<NewSession> {
    if (previousSessionId) await this.repo.delete(previousSessionId);
    const token = randomToken();
    const xsrfToken = randomToken();
    await this.repo.insert(hashToken(token), userId, xsrfToken);
    return { token, xsrfToken };
  }

  async end(sessionId: string): Promise<void> {
    await this.repo.delete(sessionId);
  }

  /** Ends every session of a user (password change or reset). */
  async endAllOf(userId: string): Promise<void> {
    await this.repo.deleteOfUser(userId);
  }
}
