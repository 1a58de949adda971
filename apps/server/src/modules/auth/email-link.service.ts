import type { TPasswordResetBody } from '@parley/contract';
import type { Config } from '../../config';
import { Forbidden, Invalid, RateLimited } from '../../lib/errors';
import { hashToken, randomToken } from '../../lib/tokens';
import type { MailService } from '../../mail/mail.service';
import { magicLinkMail, recoveryMail, signupMail } from '../../mail/mail.templates';
import { DEFAULT_PROJECT, projectUrl } from '../projects/project-url';
import type { UsersRepository } from '../users/users.repository';
import { limitKeys, SENDS_PER_ADDRESS, SENDS_PER_EMAIL, waitText } from './attempts.repository';
import type { AuthService, SignInGuards } from './auth.service';
import type { NewSession, SessionsService } from './sessions.service';
import type { TokenPurpose, TokensRepository } from './tokens.repository';

/** Magic-link, sign-up and recovery links live this long (spec 1 §9). */
export const LINK_TTL_MS = 60 * 60 * 1000;
const MAX_TOKEN_LENGTH = 512;

const INVALID_RECOVERY = 'This recovery link is invalid or has expired. Please ask for a new one.';

/** Where a send came from: the client address and the project of the host. */
export interface SendContext {
  ip: string;
  projectId: string;
}

export interface EmailLinkServiceDeps {
  users: UsersRepository;
  tokens: TokensRepository;
  sessions: SessionsService;
  auth: AuthService;
  mail: MailService;
  guards: SignInGuards;
  config: Config;
}

/**
 * Sign-in by e-mail: magic links, sign-up links and password recovery. Tokens are 256 random
 * bits, stored as SHA-256, bound to a purpose, single use, valid one hour. Every send answers
 * the same whether or not the address has an account, and mails go out in the background so
 * timing tells nothing either.
 */
export class EmailLinkService {
  constructor(private readonly deps: EmailLinkServiceDeps) {}

  /** POST /auth/loginwithemail: a sign-in link; an unknown address gets a sign-up link when sign-up is on. */
  async sendMagicLink(email: string, captcha: string | undefined, ctx: SendContext): Promise<void> {
    await this.guardSend(email, captcha, ctx);
    const user = await this.deps.users.findByEmail(email);
    if (user) return this.sendLink(email, 'login', ctx.projectId);
    if (this.deps.config.SIGNUP_ENABLED) return this.sendLink(email, 'signup', ctx.projectId);
  }

  /** POST /auth/signup: a sign-up link, or a sign-in link when the account already exists. */
  async sendSignup(email: string, captcha: string | undefined, ctx: SendContext): Promise<void> {
    if (!this.deps.config.SIGNUP_ENABLED) throw new Forbidden('Sign-up is disabled on this server.');
    await this.guardSend(email, captcha, ctx);
    const user = await this.deps.users.findByEmail(email);
    await this.sendLink(email, user ? 'login' : 'signup', ctx.projectId);
  }

  /** POST /auth/forgotpassword: a recovery link, only to an address that has an account. */
  async sendRecovery(email: string, captcha: string | undefined, ctx: SendContext): Promise<void> {
    await this.guardSend(email, captcha, ctx);
    const user = await this.deps.users.findByEmail(email);
    if (user) await this.sendLink(email, 'recover', ctx.projectId);
  }

  /** GET /auth/link: uses a sign-in or sign-up token and starts a session; null when unusable. */
  async useLink(token: string, previousSessionId: string | null): Promise<NewSession | null> {
    if (!token || token.length > MAX_TOKEN_LENGTH) return null;
    const row = await this.deps.tokens.consume(hashToken(token), ['login', 'signup']);
    if (!row) return null;
    let userId: string;
    if (row.purpose === 'signup') {
      if (!this.deps.config.SIGNUP_ENABLED) return null;
      const user = await this.deps.auth.findOrCreateUser(row.email, {
        projectId: row.projectId ?? DEFAULT_PROJECT,
      });
      userId = user.id;
    } else {
      const user = await this.deps.users.findByEmail(row.email);
      if (!user) return null;
      // An account still registering is a sign-up that goes on: it is mended if it lacks its project.
      if (!user.registrationComplete) {
        await this.deps.auth.findOrCreateUser(row.email, { projectId: row.projectId ?? DEFAULT_PROJECT });
      }
      userId = user.id;
    }
    return this.deps.sessions.start(userId, previousSessionId);
  }

  /** GET /auth/recover: the reset form's address for a usable recovery token, else null. */
  async recoveryTarget(token: string): Promise<string | null> {
    if (!token || token.length > MAX_TOKEN_LENGTH) return null;
    const row = await this.deps.tokens.findUsable(hashToken(token), 'recover');
    if (!row) return null;
    const query = new URLSearchParams({ email: row.email, token });
    return `/passwordreset?${query}`;
  }

  /**
   * POST /auth/passwordreset: uses the recovery token (bound to its e-mail), sets the password,
   * ends every session of the user and starts a fresh one.
   */
  async resetPassword(body: TPasswordResetBody, ip: string): Promise<NewSession> {
    await this.deps.guards.captcha.verify(body.captcha, ip);
    if (body.token.length > MAX_TOKEN_LENGTH) throw new Invalid(INVALID_RECOVERY);
    const row = await this.deps.tokens.consume(hashToken(body.token), ['recover'], body.email);
    if (!row) throw new Invalid(INVALID_RECOVERY);
    const user = await this.deps.users.findByEmail(row.email);
    if (!user) throw new Invalid(INVALID_RECOVERY);
    await this.deps.auth.setPassword(user.id, body.password);
    return this.deps.sessions.start(user.id, null);
  }

  /** Captcha, then the send limits per e-mail and per client address (429 with the wait). */
  private async guardSend(email: string, captcha: string | undefined, ctx: SendContext): Promise<void> {
    await this.deps.guards.captcha.verify(captcha, ctx.ip);
    // Taken before anything is sent, in one statement per key, so concurrent asks never exceed a limit.
    const result = await this.deps.guards.attempts.takeAll([
      [limitKeys.sendEmail(email), SENDS_PER_EMAIL],
      [limitKeys.sendAddress(ctx.ip), SENDS_PER_ADDRESS],
    ]);
    if (!result.ok) {
      throw new RateLimited(
        `Too many e-mails requested. Please wait ${waitText(result.lockedMs)} before asking for another link.`,
      );
    }
  }

  private async sendLink(email: string, purpose: TokenPurpose, projectId: string): Promise<void> {
    const token = randomToken();
    await this.deps.tokens.insert({
      id: hashToken(token),
      email,
      purpose,
      projectId,
      expiresAt: new Date(Date.now() + LINK_TTL_MS),
    });
    const base = projectUrl(this.deps.config.PUBLIC_URL, projectId);
    const brand = this.deps.config.BRAND_NAME;
    const rendered =
      purpose === 'recover'
        ? recoveryMail(brand, `${base}/auth/recover?token=${token}`)
        : purpose === 'signup'
          ? signupMail(brand, `${base}/auth/link?token=${token}`)
          : magicLinkMail(brand, `${base}/auth/link?token=${token}`);
    // Queued before the 200: a link the answer says was sent is never dropped.
    await this.deps.mail.enqueue({ to: email, ...rendered });
  }
}
