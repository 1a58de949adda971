import { describe, expect, it } from 'vitest';
import type { UserRow } from '../users/users.repository';
import { OidcError, type OidcIdentity, type OidcPending } from './oidc.service';
import { type OidcCallback, OidcSignIn } from './oidc-sign-in';

const pending: OidcPending = { codeVerifier: 'verifier', state: 'state', nonce: 'nonce', projectId: 'acme' };
const SESSION = { token: 'token', xsrfToken: 'xsrf' };

/** The policy over in-memory stand-ins: accounts by e-mail, a provider that answers `answer`. */
function policy(answer: OidcIdentity | Error, opts: { accounts?: string[]; signup?: boolean } = {}) {
  const accounts = new Map(
    (opts.accounts ?? []).map((email) => [email, { id: `u-${email}`, email } as UserRow]),
  );
  const asked: [string, OidcPending][] = [];
  const created: { email: string; name: string | undefined; projectId: string }[] = [];
  const started: [string, string | null][] = [];
  const signIn = new OidcSignIn({
    oidc: {
      finish: async (query, state) => {
        asked.push([query, state]);
        if (answer instanceof Error) throw answer;
        return answer;
      },
    },
    auth: {
      findUserByEmail: async (email) => accounts.get(email) ?? null,
      findOrCreateUser: async (email, { name, projectId }) => {
        created.push({ email, name, projectId });
        return { id: `new-${email}`, email } as UserRow;
      },
    },
    sessions: {
      start: async (userId, previous) => {
        started.push([userId, previous]);
        return SESSION;
      },
    },
    config: { SIGNUP_ENABLED: opts.signup ?? true },
  });
  return { signIn, asked, created, started };
}

const callback = (over: Partial<OidcCallback> = {}): OidcCallback => ({
  query: '?code=c&state=state',
  pending,
  previousSessionId: 'old-session',
  ...over,
});

describe('OidcSignIn', () => {
  it('signs an existing account in, sign-up on or off, replacing the browser session', async () => {
    for (const signup of [true, false]) {
      const p = policy({ email: 'ann@example.com', name: 'Ann' }, { accounts: ['ann@example.com'], signup });
      expect(await p.signIn.finish(callback())).toEqual({ ok: true, session: SESSION });
      expect(p.asked).toEqual([['?code=c&state=state', pending]]);
      expect(p.created).toEqual([]);
      expect(p.started).toEqual([['u-ann@example.com', 'old-session']]);
    }
  });

  it("creates a new e-mail's account in the project the sign-in started from, named by the provider", async () => {
    const named = policy({ email: 'bo@example.com', name: 'Bo' });
    expect(await named.signIn.finish(callback({ previousSessionId: null }))).toEqual({
      ok: true,
      session: SESSION,
    });
    expect(named.created).toEqual([{ email: 'bo@example.com', name: 'Bo', projectId: 'acme' }]);
    expect(named.started).toEqual([['new-bo@example.com', null]]);

    const unnamed = policy({ email: 'cy@example.com', name: null });
    await unnamed.signIn.finish(callback());
    expect(unnamed.created).toEqual([{ email: 'cy@example.com', name: '', projectId: 'acme' }]);
  });

  it('refuses a new e-mail while sign-up is off: no account, no session', async () => {
    const p = policy({ email: 'di@example.com', name: 'Di' }, { signup: false });
    expect(await p.signIn.finish(callback())).toEqual({ ok: false, error: 'signup_disabled', refused: null });
    expect(p.created).toEqual([]);
    expect(p.started).toEqual([]);
  });

  it("answers oidc_failed with the provider's reason for the log when the answer is refused", async () => {
    const p = policy(new OidcError('e-mail missing or not verified'), { accounts: ['ann@example.com'] });
    expect(await p.signIn.finish(callback())).toEqual({
      ok: false,
      error: 'oidc_failed',
      refused: 'e-mail missing or not verified',
    });
    expect(p.started).toEqual([]);
  });

  it('answers oidc_failed without asking the provider when the state cookie is missing or stale', async () => {
    const p = policy({ email: 'ann@example.com', name: null }, { accounts: ['ann@example.com'] });
    expect(await p.signIn.finish(callback({ pending: null }))).toEqual({
      ok: false,
      error: 'oidc_failed',
      refused: null,
    });
    expect(p.asked).toEqual([]);
    expect(p.started).toEqual([]);
  });

  it('lets any other failure through (a fault, not a refusal)', async () => {
    const p = policy(new TypeError('boom'));
    await expect(p.signIn.finish(callback())).rejects.toThrow(TypeError);
  });
});
