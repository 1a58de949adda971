import {
  APP_VERSION,
  type FeatureKey,
  LANGUAGES,
  type Language,
  NON_ADMIN_FEATURES,
  type TAuthConfig,
  type TAuthProviders,
  type TRegisterBody,
  type TTenant,
} from '@parley/contract';
import type { Config } from '../../config';
import type { CaptchaVerifier } from '../../lib/captcha';
import { tooManyRequests, unauthorized } from '../../lib/errors';
import { profileColumns } from '../../lib/images';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import {
  type AttemptLimiter,
  LOGIN_PER_ADDRESS,
  LOGIN_PER_EMAIL,
  limitKeys,
  waitText,
} from '../../lib/rate-limit';
import { hashToken, randomToken } from '../../lib/tokens';
import { SESSION_IDLE_MS, SESSION_MAX_MS } from '../../plugins/session.plugin';
import type { AuthRepository, SessionUser, UserRow } from './auth.repository';

export const DEFAULT_PROJECT = 'default';
/** Features a new account starts with: everything but admin screens and the project switch. */
export const NEW_USER_FEATURES: FeatureKey[] = NON_ADMIN_FEATURES.filter((k) => k !== 'PROJECT_SWITCH');
// The session's last-seen time is written at most this often, not on every request.
const TOUCH_EVERY_MS = 60_000;
const PROJECT_CACHE_MS = 10_000;

export interface NewSession {
  /** The cookie value; only its hash is stored. */
  token: string;
  xsrfToken: string;
}

/** Sessions, sign-in with a password, the tenant and the public configuration. */
export class AuthService {
  private projectCache: { ids: Set<string>; at: number } | null = null;

  constructor(
    private readonly repo: AuthRepository,
    private readonly config: Config,
    private readonly guards: { limiter: AttemptLimiter; captcha: CaptchaVerifier },
  ) {}

  /** The project of a host label, falling back to the default project (spec 1 §1). */
  async resolveProject(label: string | null): Promise<string> {
    if (!label) return DEFAULT_PROJECT;
    const now = Date.now();
    if (
      !this.projectCache ||
      now - this.projectCache.at > PROJECT_CACHE_MS ||
      !this.projectCache.ids.has(label)
    ) {
      this.projectCache = { ids: new Set(await this.repo.listProjectIds()), at: now };
    }
    return this.projectCache.ids.has(label) ? label : DEFAULT_PROJECT;
  }

  publicConfig(projectId: string): TAuthConfig {
    return {
      brand_name: this.config.BRAND_NAME,
      name: this.config.BRAND_NAME,
      theme: 'default',
      project_id: projectId,
      features: {
        collections: true,
        conversations: true,
        deep_research_reports: true,
        profile: true,
        data_sources: true,
      },
      captcha: { provider: this.config.CAPTCHA_PROVIDER, site_key: this.config.CAPTCHA_SITE_KEY },
      version: APP_VERSION,
    };
  }

  providers(): TAuthProviders {
    return { providers: this.config.loginProviders, signup: this.config.SIGNUP_ENABLED };
  }

  /** Looks a cookie up; expired (idle or absolute) sessions are deleted and ignored. */
  async findSession(
    token: string,
  ): Promise<{ user: SessionUser; sessionId: string; xsrfToken: string } | null> {
    if (token.length > 200) return null;
    const id = hashToken(token);
    const row = await this.repo.findSession(id);
    if (!row) return null;
    const now = Date.now();
    const { session } = row;
    if (
      now - session.lastSeenAt.getTime() > SESSION_IDLE_MS ||
      now - session.createdAt.getTime() > SESSION_MAX_MS
    ) {
      await this.repo.deleteSession(id);
      return null;
    }
    if (now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) await this.repo.touchSession(id);
    return {
      user: { ...row.user, projects: row.projects },
      sessionId: id,
      xsrfToken: session.xsrfToken,
    };
  }

  /** A fresh session for a user; the previous one of this browser (if any) ends, so ids never carry over. */
  async startSession(userId: string, previousSessionId: string | null): Promise<NewSession> {
    if (previousSessionId) await this.repo.deleteSession(previousSessionId);
    const token = randomToken();
    const xsrfToken = randomToken();
    await this.repo.insertSession(hashToken(token), userId, xsrfToken);
    return { token, xsrfToken };
  }

  async endSession(sessionId: string): Promise<void> {
    await this.repo.deleteSession(sessionId);
  }

  /** Checks e-mail and password; the same error and similar time whether or not the user exists. */
  async verifyCredentials(email: string, password: string): Promise<UserRow> {
    const user = await this.repo.findUserByEmail(email);
    const ok = await verifyPassword(user?.passwordHash ?? null, password);
    if (!user || !ok) throw unauthorized('Invalid e-mail or password.');
    return user;
  }

  /**
   * Password sign-in with the guards of DESIGN §8: captcha, then lockout per e-mail and per
   * client address (counted in the database, so across processes). Locks apply to unknown
   * e-mails alike, so a 429 tells nothing about whether an account exists.
   */
  async signInWithPassword(
    input: { email: string; password: string; token?: string | undefined },
    ip: string,
  ): Promise<UserRow> {
    await this.guards.captcha.verify(input.token, ip);
    const keys = [limitKeys.loginEmail(input.email), limitKeys.loginAddress(ip)];
    const locked = await this.guards.limiter.lockedFor(keys);
    if (locked > 0) throw tooManySignIns(locked);
    try {
      const user = await this.verifyCredentials(input.email, input.password);
      await this.guards.limiter.reset(keys[0]!);
      return user;
    } catch (err) {
      await this.guards.limiter.hit(keys[0]!, LOGIN_PER_EMAIL);
      await this.guards.limiter.hit(keys[1]!, LOGIN_PER_ADDRESS);
      throw err;
    }
  }

  /** Sets a new password and ends every session of the user, this one included (DESIGN §8). */
  async changePassword(userId: string, password: string): Promise<void> {
    const user = await this.repo.updateUser(userId, { passwordHash: await hashPassword(password) });
    await this.repo.deleteSessionsOfUser(userId);
    if (user) {
      await this.repo.revokeTokens(user.email);
      await this.guards.limiter.reset(limitKeys.loginEmail(user.email));
    }
  }

  /** Finds a user by e-mail or creates one that still has to register (rc=false), in the project. */
  async findOrCreateUser(email: string, opts: { name?: string; projectId: string }): Promise<UserRow> {
    const existing = await this.repo.findUserByEmail(email);
    if (existing) return existing;
    const { user, created } = await this.repo.insertUserIfAbsent({
      email,
      name: opts.name ?? '',
      features: NEW_USER_FEATURES,
      registrationComplete: false,
      onboardingComplete: false,
    });
    if (created) await this.repo.addMembership(user.id, opts.projectId);
    return user;
  }

  async findUserByEmail(email: string): Promise<UserRow | null> {
    return this.repo.findUserByEmail(email);
  }

  /** The onboarding form (spec 1 §2.5): completes registration and onboarding. */
  async register(user: SessionUser, body: TRegisterBody): Promise<TTenant> {
    const row = await this.repo.updateUser(user.id, {
      ...profileColumns(body),
      ...(body.password ? { passwordHash: await hashPassword(body.password) } : {}),
      registrationComplete: true,
      onboardingComplete: true,
    });
    if (!row) throw unauthorized();
    return toTenant(row, await this.repo.projectsOf(user.id));
  }

  async getTenant(user: SessionUser): Promise<TTenant> {
    const row = await this.repo.findUserById(user.id);
    if (!row) throw unauthorized();
    const projects = await this.repo.projectsOf(user.id);
    return toTenant(row, projects);
  }

  async setTimezone(userId: string, timezone: string): Promise<void> {
    await this.repo.updateUser(userId, { timezone });
  }

  /** Creates the demo project and user (embedded mode); returns the password to print when generated. */
  async ensureDemo(): Promise<{ email: string; password: string | null }> {
    await this.repo.upsertProject(DEFAULT_PROJECT, 'Demo');
    const email = this.config.DEMO_EMAIL.toLowerCase();
    const existing = await this.repo.findUserByEmail(email);
    const wanted = this.config.DEMO_PASSWORD;
    if (existing) {
      if (wanted && !(await verifyPassword(existing.passwordHash, wanted))) {
        await this.repo.updateUser(existing.id, { passwordHash: await hashPassword(wanted) });
      }
      await this.repo.addMembership(existing.id, DEFAULT_PROJECT);
      return { email, password: wanted ?? null };
    }
    const password = wanted ?? `${randomToken().slice(0, 12)}-7a!`;
    const user = await this.repo.insertUser({
      email,
      passwordHash: await hashPassword(password),
      name: 'Demo User',
      country: 'GB',
      language: 'en-US',
      organisation: 'Parley Demo Ltd',
      position: 'Analyst',
      features: NON_ADMIN_FEATURES,
      registrationComplete: true,
      onboardingComplete: true,
    });
    await this.repo.addMembership(user.id, DEFAULT_PROJECT);
    return { email, password };
  }
}

/** The 429 of a locked sign-in, saying how long to wait. */
function tooManySignIns(lockedMs: number) {
  return tooManyRequests(
    `Too many failed sign-in attempts. Please wait ${waitText(lockedMs)} and try again, or reset your password.`,
  );
}

/** Builds the tenant answer of DESIGN §4 from a user row. */
export function toTenant(row: UserRow, projects: { id: string; name: string }[]): TTenant {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    country: row.country,
    timezone: row.timezone,
    language: (LANGUAGES as readonly string[]).includes(row.language) ? (row.language as Language) : 'en-US',
    organisation: row.organisation,
    position: row.position,
    picture: row.picture,
    features: row.features as TTenant['features'],
    flags: { oc: row.onboardingComplete, rc: row.registrationComplete },
    projects: Object.fromEntries(projects.map((p) => [p.id, { name: p.name }])),
    subscription: { plan: 'unlimited', status: 'ACTIVE' },
    credentials: {},
    quota: { conversations: null, used: 0 },
    updated: row.updatedAt.toISOString(),
  };
}
