import {
  APP_VERSION,
  type FeatureKey,
  NON_ADMIN_FEATURES,
  type TAuthConfig,
  type TAuthProviders,
} from '@parley/contract';
import type { Config } from '../../config';
import type { Actor } from '../../lib/access';
import type { CaptchaVerifier } from '../../lib/captcha';
import { RateLimited, Unauthenticated } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { ProjectsRepository } from '../projects/projects.repository';
import type { UserRow, UsersRepository } from '../users/users.repository';
import {
  type AttemptsRepository,
  LOGIN_PER_ADDRESS,
  LOGIN_PER_EMAIL,
  limitKeys,
  waitText,
} from './attempts.repository';
import type { SessionsService } from './sessions.service';
import type { TokensRepository } from './tokens.repository';

/** Features a new account starts with: everything but admin screens and the project switch. */
export const NEW_USER_FEATURES: FeatureKey[] = NON_ADMIN_FEATURES.filter((k) => k !== 'PROJECT_SWITCH');

/** The guards of sign-in and link sends (DESIGN §8). */
export interface SignInGuards {
  attempts: AttemptsRepository;
  captcha: CaptchaVerifier;
}

/** Sign-in with a password, password changes, accounts created by a link or an identity provider. */
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly projects: ProjectsRepository,
    private readonly sessions: SessionsService,
    private readonly tokens: TokensRepository,
    private readonly config: Config,
    private readonly guards: SignInGuards,
  ) {}

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

  /** Checks e-mail and password; the same error and similar time whether or not the user exists. */
  async verifyCredentials(email: string, password: string): Promise<UserRow> {
    const user = await this.users.findByEmail(email);
    const ok = await verifyPassword(user?.passwordHash ?? null, password);
    if (!user || !ok) throw new Unauthenticated('Invalid e-mail or password.');
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
    const locked = await this.guards.attempts.lockedFor(keys);
    if (locked > 0) throw tooManySignIns(locked);
    try {
      const user = await this.verifyCredentials(input.email, input.password);
      await this.guards.attempts.reset(keys[0]!);
      return user;
    } catch (err) {
      await this.guards.attempts.hit(keys[0]!, LOGIN_PER_EMAIL);
      await this.guards.attempts.hit(keys[1]!, LOGIN_PER_ADDRESS);
      throw err;
    }
  }

  /**
   * Sets a new password and ends every session of the user, this one included, and every open
   * e-mail link (DESIGN §8).
   */
  async setPassword(userId: string, password: string): Promise<void> {
    const user = await this.users.update(userId, { passwordHash: await hashPassword(password) });
    await this.sessions.endAllOf(userId);
    if (user) {
      await this.tokens.revokeAll(user.email);
      await this.guards.attempts.reset(limitKeys.loginEmail(user.email));
    }
  }

  /** POST /auth/changepassword: the actor's own password; every session of theirs ends. */
  async changePassword(actor: Actor, password: string): Promise<void> {
    await this.setPassword(actor.userId, password);
  }

  /**
   * Finds a user by e-mail or creates one that still has to register (rc=false), in the project.
   * An account left without its project by an earlier failed sign-up joins it now.
   */
  async findOrCreateUser(email: string, opts: { name?: string; projectId: string }): Promise<UserRow> {
    const existing = await this.users.findByEmail(email);
    if (existing) {
      if (!existing.registrationComplete) await this.projects.addMember(existing.id, opts.projectId);
      return existing;
    }
    const { user } = await this.users.insertIfAbsent(
      {
        email,
        name: opts.name ?? '',
        features: NEW_USER_FEATURES,
        registrationComplete: false,
        onboardingComplete: false,
      },
      opts.projectId,
    );
    return user;
  }

  async findUserByEmail(email: string): Promise<UserRow | null> {
    return this.users.findByEmail(email);
  }
}

/** The 429 of a locked sign-in, saying how long to wait. */
function tooManySignIns(lockedMs: number) {
  return new RateLimited(
    `Too many failed sign-in attempts. Please wait ${waitText(lockedMs)} and try again, or reset your password.`,
  );
}
