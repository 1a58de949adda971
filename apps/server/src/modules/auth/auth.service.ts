import {
  APP_VERSION,
  type FeatureKey,
  MODEL_FEATURES,
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
  KNOWN_ADDRESS_MS,
  type LimitRule,
  LOGIN_PER_ADDRESS,
  LOGIN_PER_EMAIL,
  LOGIN_PER_EMAIL_AND_ADDRESS,
  limitKeys,
  waitText,
} from './attempts.repository';
import type { SessionsService } from './sessions.service';
import type { TokensRepository } from './tokens.repository';

/** The hourly clean-up of the login_attempts table (jobs/start-worker.ts). */
export const ATTEMPTS_PRUNE_JOB = 'auth-attempts-prune';

/** Features a new account starts with: everything but the admin screens and the project switch, and the models of its own sources. */
export const NEW_USER_FEATURES: FeatureKey[] = [
  ...NON_ADMIN_FEATURES.filter((k) => k !== 'PROJECT_SWITCH'),
  ...MODEL_FEATURES,
];

/** The guards of sign-in and link sends (DESIGN §8). */
export interface SignInGuards {
  attempts: AttemptsRepository;
  captcha: CaptchaVerifier;
}

/** The collaborators of AuthService, named: the composition root builds them once. */
export interface AuthServiceDeps {
  users: UsersRepository;
  projects: ProjectsRepository;
  sessions: SessionsService;
  tokens: TokensRepository;
  config: Config;
  guards: SignInGuards;
}

/** Sign-in with a password, password changes, accounts created by a link or an identity provider. */
export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  /** GET /auth/config: what the login page shows before anyone signs in (brand, captcha, version). */
  publicConfig(projectId: string): TAuthConfig {
    return {
      brand_name: this.deps.config.BRAND_NAME,
      name: this.deps.config.BRAND_NAME,
      theme: 'default',
      project_id: projectId,
      features: {
        collections: true,
        conversations: true,
        deep_research_reports: true,
        profile: true,
        data_sources: true,
      },
      captcha: { provider: this.deps.config.CAPTCHA_PROVIDER, site_key: this.deps.config.CAPTCHA_SITE_KEY },
      version: APP_VERSION,
    };
  }

  /** GET /auth/providers: the sign-in buttons to offer, and whether a new e-mail may sign up. */
  providers(): TAuthProviders {
    return { providers: this.deps.config.loginProviders, signup: this.deps.config.SIGNUP_ENABLED };
  }

  /** Checks e-mail and password; the same error and similar time whether or not the user exists. */
  async verifyCredentials(email: string, password: string): Promise<UserRow> {
    const user = await this.deps.users.findByEmail(email);
    const ok = await verifyPassword(user?.passwordHash ?? null, password);
    if (!user || !ok) throw new Unauthenticated('Invalid e-mail or password.');
    return user;
  }

  /**
   * Password sign-in behind the captcha and the attempt limits (DESIGN §8; the rule and why at
   * LOGIN_PER_EMAIL). Unknown e-mails lock alike, so a 429 tells nothing about whether an account exists.
   */
  async signInWithPassword(
    input: { email: string; password: string; token?: string | undefined },
    ip: string,
  ): Promise<UserRow> {
    await this.deps.guards.captcha.verify(input.token, ip);
    const { attempts } = this.deps.guards;
    const known = limitKeys.knownAddress(input.email, ip);
    const pair = limitKeys.loginPair(input.email, ip);
    const limits: [string, LimitRule][] = [[pair, LOGIN_PER_EMAIL_AND_ADDRESS]];
    if (!(await attempts.remembered(known, KNOWN_ADDRESS_MS))) {
      limits.push(
        [limitKeys.loginEmail(input.email), LOGIN_PER_EMAIL],
        [limitKeys.loginAddress(ip), LOGIN_PER_ADDRESS],
      );
    }
    const result = await attempts.takeAll(limits);
    if (!result.ok) throw tooManySignIns(result.lockedMs);
    // A failure keeps the attempts taken; a success clears the account's counts.
    const user = await this.verifyCredentials(input.email, input.password);
    await attempts.deleteKeys([pair, limitKeys.loginEmail(input.email)]);
    const address = limitKeys.loginAddress(ip);
    await Promise.all(result.taken.filter((t) => t.key === address).map((t) => attempts.giveBack(t)));
    await attempts.remember(known);
    return user;
  }

  /**
   * Sets a new password and ends every session of the user, this one included, and every open
   * e-mail link (DESIGN §8).
   */
  async setPassword(userId: string, password: string): Promise<void> {
    const user = await this.deps.users.update(userId, { passwordHash: await hashPassword(password) });
    await this.deps.sessions.endAllOf(userId);
    if (user) {
      await this.deps.tokens.revokeAll(user.email);
      // The owner starts afresh: their counts go, and so do the addresses that counted as theirs.
      await this.deps.guards.attempts.clearSignInsOf(user.email);
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
    const existing = await this.deps.users.findByEmail(email);
    if (existing) {
      if (!existing.registrationComplete) await this.deps.projects.addMember(existing.id, opts.projectId);
      return existing;
    }
    const { user } = await this.deps.users.insertIfAbsent(
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

  /** The hourly clean-up of sign-in counters and known addresses no rule reads any more. */
  async pruneAttempts(now = new Date()): Promise<number> {
    return this.deps.guards.attempts.prune(now);
  }

  /** The account of an e-mail, if any: an identity-provider sign-in tells a sign-up by it. */
  async findUserByEmail(email: string): Promise<UserRow | null> {
    return this.deps.users.findByEmail(email);
  }
}

/** The 429 of a locked sign-in, saying how long to wait. */
function tooManySignIns(lockedMs: number) {
  return new RateLimited(
    `Too many failed sign-in attempts. Please wait ${waitText(lockedMs)} and try again, or reset your password.`,
  );
}
