import {
  type LoginError,
  ZAuthConfig,
  ZAuthProviders,
  ZChangePasswordBody,
  ZEmailLinkBody,
  ZEmpty,
  ZLinkQuery,
  ZLoginRedirectQuery,
  ZLoginWithPasswordBody,
  ZPasswordResetBody,
  ZRegisterBody,
  ZSignupBody,
  ZTenant,
  ZTimezoneBody,
  ZXsrfResponse,
} from '@parley/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SESSION_COOKIE, SESSION_MAX_MS } from '../../plugins/session.plugin';
import type { NewSession } from './auth.service';
import { OidcError, type OidcPending } from './oidc.service';

const OIDC_COOKIE = 'parley_oidc';
const OIDC_TTL_MS = 10 * 60 * 1000;

/** Sets the session cookie of a new session (httpOnly, SameSite=Lax, Secure on https). */
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

/** Where the SPA picks a new session up (DESIGN §4). */
const callbackUrl = (session: NewSession) =>
  `/authcallback?${new URLSearchParams({ xsrfToken: session.xsrfToken })}`;
const loginError = (code: LoginError) => `/login?error=${code}`;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, authLinks, oidc } = app.services;
  const pub = { public: true };
  const secure = app.config.secureCookies;
  const sendContext = (request: FastifyRequest) => ({ ip: request.ip, projectId: request.projectId });

  app.get(
    '/auth/config',
    { config: pub, schema: { tags: ['auth'], response: { 200: ZAuthConfig } } },
    async (request) => auth.publicConfig(request.projectId),
  );

  app.get(
    '/auth/providers',
    { config: pub, schema: { tags: ['auth'], response: { 200: ZAuthProviders } } },
    async () => auth.providers(),
  );

  app.post(
    '/auth/loginwithpassword',
    {
      config: pub,
      schema: { tags: ['auth'], body: ZLoginWithPasswordBody, response: { 200: ZXsrfResponse } },
    },
    async (request, reply) => {
      const user = await auth.signInWithPassword(request.body, request.ip);
      const session = await auth.startSession(user.id, request.sessionId);
      setSessionCookie(reply, session, secure);
      return { xsrfToken: session.xsrfToken };
    },
  );

  app.post(
    '/auth/loginwithemail',
    { config: pub, schema: { tags: ['auth'], body: ZEmailLinkBody, response: { 200: ZEmpty } } },
    async (request) => {
      await authLinks.sendMagicLink(request.body.email, request.body.token, sendContext(request));
      return {};
    },
  );

  app.post(
    '/auth/signup',
    { config: pub, schema: { tags: ['auth'], body: ZSignupBody, response: { 200: ZEmpty } } },
    async (request) => {
      await authLinks.sendSignup(request.body.email, request.body.token, sendContext(request));
      return {};
    },
  );

  app.post(
    '/auth/forgotpassword',
    { config: pub, schema: { tags: ['auth'], body: ZEmailLinkBody, response: { 200: ZEmpty } } },
    async (request) => {
      await authLinks.sendRecovery(request.body.email, request.body.token, sendContext(request));
      return {};
    },
  );

  app.get(
    '/auth/link',
    { config: pub, schema: { tags: ['auth'], querystring: ZLinkQuery } },
    async (request, reply) => {
      const session = await authLinks.useLink(request.query.token, request.sessionId);
      if (!session) return reply.redirect(loginError('link_expired'));
      setSessionCookie(reply, session, secure);
      return reply.redirect(callbackUrl(session));
    },
  );

  app.get(
    '/auth/recover',
    { config: pub, schema: { tags: ['auth'], querystring: ZLinkQuery } },
    async (request, reply) => {
      const target = await authLinks.recoveryTarget(request.query.token);
      return reply.redirect(target ?? loginError('link_expired'));
    },
  );

  app.post(
    '/auth/passwordreset',
    { config: pub, schema: { tags: ['auth'], body: ZPasswordResetBody, response: { 200: ZXsrfResponse } } },
    async (request, reply) => {
      const session = await authLinks.resetPassword(request.body, request.ip);
      setSessionCookie(reply, session, secure);
      return { xsrfToken: session.xsrfToken };
    },
  );

  app.post(
    '/auth/changepassword',
    { schema: { tags: ['auth'], body: ZChangePasswordBody, response: { 200: ZEmpty } } },
    async (request, reply) => {
      await auth.changePassword(request.user!.id, request.body.password);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return {};
    },
  );

  app.post(
    '/auth/register',
    { schema: { tags: ['auth'], body: ZRegisterBody, response: { 200: ZTenant } } },
    async (request) => auth.register(request.user!, request.body),
  );

  app.get(
    '/auth/loginredirect',
    { config: pub, schema: { tags: ['auth'], querystring: ZLoginRedirectQuery } },
    async (request, reply) => {
      const { url, pending } = await oidc.start(request.projectId);
      const value = Buffer.from(JSON.stringify({ ...pending, exp: Date.now() + OIDC_TTL_MS })).toString(
        'base64url',
      );
      reply.setCookie(OIDC_COOKIE, value, {
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: '/auth/',
        signed: true,
        maxAge: OIDC_TTL_MS / 1000,
      });
      return reply.redirect(url);
    },
  );

  app.get('/auth/callback', { config: pub, schema: { tags: ['auth'] } }, async (request, reply) => {
    const pending = readPending(request);
    reply.clearCookie(OIDC_COOKIE, { path: '/auth/' });
    if (!pending) return reply.redirect(loginError('oidc_failed'));
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    try {
      const identity = await oidc.finish(query, pending);
      const existing = await auth.findUserByEmail(identity.email);
      if (!existing && !app.config.SIGNUP_ENABLED) return reply.redirect(loginError('signup_disabled'));
      const user =
        existing ??
        (await auth.findOrCreateUser(identity.email, {
          name: identity.name ?? '',
          projectId: pending.projectId,
        }));
      const session = await auth.startSession(user.id, request.sessionId);
      setSessionCookie(reply, session, secure);
      return reply.redirect(callbackUrl(session));
    } catch (err) {
      if (!(err instanceof OidcError)) throw err;
      request.log.warn({ reason: err.message }, 'external sign-in refused');
      return reply.redirect(loginError('oidc_failed'));
    }
  });

  app.post(
    '/auth/logout',
    { schema: { tags: ['auth'], response: { 200: ZEmpty } } },
    async (request, reply) => {
      if (request.sessionId) await auth.endSession(request.sessionId);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return {};
    },
  );

  app.get('/auth/tenant', { schema: { tags: ['auth'], response: { 200: ZTenant } } }, async (request) =>
    auth.getTenant(request.user!),
  );

  app.put(
    '/auth/tenant/timezone',
    { schema: { tags: ['auth'], body: ZTimezoneBody, response: { 200: ZEmpty } } },
    async (request) => {
      await auth.setTimezone(request.user!.id, request.body.timezone);
      return {};
    },
  );
};

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
