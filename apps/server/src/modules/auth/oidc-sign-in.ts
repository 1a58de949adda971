import type { LoginError } from '@parley/contract';
import type { Config } from '../../config';
import type { AuthService } from './auth.service';
import { OidcError, type OidcIdentity, type OidcPending, type OidcService } from './oidc.service';
import type { NewSession, SessionsService } from './sessions.service';

/** What the sign-in policy needs: narrow, so the policy is tested without a provider or a database. */
export interface OidcSignInDeps {
  oidc: Pick<OidcService, 'finish'>;
  auth: Pick<AuthService, 'findUserByEmail' | 'findOrCreateUser'>;
  sessions: Pick<SessionsService, 'start'>;
  config: Pick<Config, 'SIGNUP_ENABLED'>;
}

/** What the callback brings: the provider's query, the state cookie (null when absent or stale), this browser's session. */
export interface OidcCallback {
  query: string;
  pending: OidcPending | null;
  previousSessionId: string | null;
}

/**
 * A session, or the login page's error code; `refused` carries the provider's reason for the log
 * (never shown to the browser, which only learns that the sign-in failed).
 */
export type OidcSignInResult =
  | { ok: true; session: NewSession }
  | { ok: false; error: LoginError; refused: string | null };

/**
 * The end of a sign-in with an identity provider: who may come in and who may sign up. An
 * existing account signs in whatever the sign-up switch says; a new e-mail becomes an account
 * (still to register) in the project the sign-in started from, only while sign-up is on.
 */
export class OidcSignIn {
  constructor(private readonly deps: OidcSignInDeps) {}

  async finish(callback: OidcCallback): Promise<OidcSignInResult> {
    if (!callback.pending) return { ok: false, error: 'oidc_failed', refused: null };
    let identity: OidcIdentity;
    try {
      identity = await this.deps.oidc.finish(callback.query, callback.pending);
    } catch (err) {
      if (!(err instanceof OidcError)) throw err;
      return { ok: false, error: 'oidc_failed', refused: err.message };
    }
    const { auth } = this.deps;
    const existing = await auth.findUserByEmail(identity.email);
    if (!existing && !this.deps.config.SIGNUP_ENABLED) {
      return { ok: false, error: 'signup_disabled', refused: null };
    }
    const user =
      existing ??
      (await auth.findOrCreateUser(identity.email, {
        name: identity.name ?? '',
        projectId: callback.pending.projectId,
      }));
    return { ok: true, session: await this.deps.sessions.start(user.id, callback.previousSessionId) };
  }
}
