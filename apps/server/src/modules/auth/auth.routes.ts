import type { LoginError } from '@parley/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { actorOf, route } from '../../lib/route';
import type { OidcPending } from './oidc.service';
import { type NewSession, SESSION_COOKIE, SESSION_MAX_MS } from './sessions.service';

// The provider round trip's state rides in a signed cookie, so any process can finish it.
const OIDC_COOKIE = 'parley_oidc';
// Long enough to sign in at the provider; an older state is refused.
const OIDC_TTL_MS = 10 * 60 * 1000;

/**
 * Sets the session cookie of a new session: httpOnly so scripts never see it, Lax so arriving
 * from a mail or the provider keeps it (writes are guarded by the xsrf token), Secure on https.
 */
export function setSessionCookie(reply: FastifyReply, session: NewSession, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    signed: true,
    maxAge: SESSION_MAX_MS / 1000,
  });
}

/** Ends the browser's session cookie (logout, password change, account deletion). */
export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Where the SPA picks a new session up (DESIGN §4): it needs the xsrf token, which no cookie gives it. */
const callbackUrl = (session: NewSession) =>
  `/authcallback?${new URLSearchParams({ xsrfToken: session.xsrfToken })}`;
// Links and provider returns are page loads, not fetches: their failures land on the login page.
const loginError = (code: LoginError) => `/login?error=${code}`;

/** Sign-in, sign-up, links, external identity providers, sessions; the rules are in the services. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { auth, authLinks, oidc, oidcSignIn, sessions } = app.services;
  const secure = app.config.secureCookies;
  // Send limits count per client address; a link leads back to the project it was asked from.
  const sendContext = (request: FastifyRequest) => ({ ip: request.ip, projectId: request.projectId });

  route(app, 'GET /auth/config', async (request) => auth.publicConfig(request.projectId));
  route(app, 'GET /auth/providers', async () => auth.providers());

  route(app, 'POST /auth/loginwithpassword', async (request, reply) => {
    const user = await auth.signInWithPassword(request.body, request.ip);
    // A fresh session replaces this browser's, so a session id set before sign-in never carries over.
    const session = await sessions.start(user.id, request.sessionId);
    setSessionCookie(reply, session, secure);
    return { xsrfToken: session.xsrfToken };
  });

  // The three sends answer alike whether or not the address has an account.
  route(app, 'POST /auth/loginwithemail', async (request) => {
    await authLinks.sendMagicLink(request.body.email, request.body.token, sendContext(request));
    return {};
  });

  route(app, 'POST /auth/signup', async (request) => {
    await authLinks.sendSignup(request.body.email, request.body.token, sendContext(request));
    return {};
  });

  route(app, 'POST /auth/forgotpassword', async (request) => {
    await authLinks.sendRecovery(request.body.email, request.body.token, sendContext(request));
    return {};
  });

  route(app, 'GET /auth/link', async (request, reply) => {
    const session = await authLinks.useLink(request.query.token, request.sessionId);
    if (!session) return reply.redirect(loginError('link_expired'));
    setSessionCookie(reply, session, secure);
    return reply.redirect(callbackUrl(session));
  });

  // The link only opens the reset form; its token is spent when the new password is set.
  route(app, 'GET /auth/recover', async (request, reply) => {
    const target = await authLinks.recoveryTarget(request.query.token);
    return reply.redirect(target ?? loginError('link_expired'));
  });

  route(app, 'POST /auth/passwordreset', async (request, reply) => {
    // Every session of the user ended with the old password; this browser gets a new one.
    const session = await authLinks.resetPassword(request.body, request.ip);
    setSessionCookie(reply, session, secure);
    return { xsrfToken: session.xsrfToken };
  });

  route(app, 'POST /auth/changepassword', async (request, reply) => {
    // Every session ends, this one too: the browser signs in again with the new password.
    await auth.changePassword(actorOf(request), request.body.password);
    clearSessionCookie(reply);
    return {};
  });

  route(app, 'GET /auth/loginredirect', async (request, reply) => {
    const { url, pending } = await oidc.start(request.projectId);
    const value = Buffer.from(JSON.stringify({ ...pending, exp: Date.now() + OIDC_TTL_MS })).toString(
      'base64url',
    );
    // Signed so it cannot be forged; the /auth/ path keeps it off every other request.
    reply.setCookie(OIDC_COOKIE, value, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/auth/',
      signed: true,
      maxAge: OIDC_TTL_MS / 1000,
    });
    return reply.redirect(url);
  });

  route(app, 'GET /auth/callback', async (request, reply) => {
    const pending = readPending(request);
    // A state is good for one return from the provider, whatever comes of it.
    reply.clearCookie(OIDC_COOKIE, { path: '/auth/' });
    // openid-client reads code and state from the callback URL itself, so the raw query goes on.
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const result = await oidcSignIn.finish({ query, pending, previousSessionId: request.sessionId });
    if (!result.ok) {
      if (result.refused !== null) request.log.warn({ reason: result.refused }, 'external sign-in refused');
      return reply.redirect(loginError(result.error));
    }
    setSessionCookie(reply, result.session, secure);
    return reply.redirect(callbackUrl(result.session));
  });

  route(app, 'POST /auth/logout', async (request, reply) => {
    // The row goes too: a copied cookie is worthless after logout.
    if (request.sessionId) await sessions.end(request.sessionId);
    clearSessionCookie(reply);
    return {};
  });
}

/** The signed state cookie of an external sign-in, if present, intact and fresh. */
function readPending(request: FastifyRequest): OidcPending | null {
  const raw = request.cookies[OIDC_COOKIE];
  const unsigned = raw ? request.unsignCookie(raw) : null;
  if (!unsigned?.valid || !unsigned.value) return null;
  try {
    const parsed = JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')) as OidcPending & {
      exp: number;
    };
    if (typeof parsed.exp !== 'number' || parsed.exp < Date.now()) return null;
    if (
      ![parsed.codeVerifier, parsed.state, parsed.nonce, parsed.projectId].every((v) => typeof v === 'string')
    )
      return null;
    return parsed;
  } catch {
    return null;
  }
}
