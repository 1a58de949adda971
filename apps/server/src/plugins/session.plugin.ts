import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Actor, actorOfUser } from '../lib/access';
import { Forbidden, Unauthenticated } from '../lib/errors';
import { Lru } from '../lib/lru';
import { safeEqual } from '../lib/tokens';
import { SESSION_COOKIE, type SessionUser } from '../modules/auth/sessions.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. */
    user: SessionUser | null;
    /** The signed-in user acting in the request's project (a member of it), or null. */
    actor: Actor | null;
    sessionId: string | null;
    /** The session's anti-forgery token, compared with X-XSRF-TOKEN on changes. */
    xsrfToken: string | null;
    /** The project chosen by the host name (spec 1 §1). */
    projectId: string;
  }
  interface FastifyContextConfig {
    /** Routes reachable without a session (sign-in, config, help): from the endpoint descriptor. */
    public?: boolean;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Changing calls that only ask questions: they leave the user's cached session as it is. */
const QUESTIONS = new Set([
  '/features/conversations/query',
  '/features/collections/query',
  '/features/collections/preview',
]);

/** Signed cookies remembered as verified (see `verifiedToken`). */
const VERIFIED_COOKIES = 10_000;

/** Auth by prefix: the API needs a session unless a route says it is public; SPA files never do. */
const needsSession = (url: string) =>
  url.startsWith('/api/') || url.startsWith('/features/') || url.startsWith('/auth/');

/** Project id from the host's first label: `acme.localhost` → `acme`; bare hosts → null. */
export function projectFromHost(host: string | undefined): string | null {
  const name = (host ?? '').replace(/:\d+$/, '').toLowerCase();
  if (!name || /^[\d.]+$/.test(name) || name.startsWith('[')) return null;
  const labels = name.split('.');
  return labels.length > 1 ? labels[0]! : null;
}

/**
 * Authentication only: resolves session, user and project on every request; non-public routes
 * need a session (401), the project membership (403) and, when they change something, the XSRF
 * header (403). Features and quotas are the services' `requireAccess`.
 */
export default fp(async function sessionPlugin(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('actor', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('xsrfToken', null);
  app.decorateRequest('projectId', '');

  // A signature checked once stays good while the process runs (the secret cannot change under
  // it), so each cookie's HMAC is worked out once, not on every request (docs/perf/notes.md).
  // Only what verified is kept; whether the session still exists is looked up every time.
  const verified = new Lru<string>(VERIFIED_COOKIES);
  const verifiedToken = (request: FastifyRequest, raw: string): string | null => {
    const known = verified.get(raw);
    if (known !== undefined) return known;
    const cookie = request.unsignCookie(raw);
    if (!cookie.valid || !cookie.value) return null;
    verified.set(raw, cookie.value);
    return cookie.value;
  };

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const { projects, sessions } = app.services;
    request.projectId = await projects.resolveProject(projectFromHost(request.headers.host));
    const raw = request.cookies[SESSION_COOKIE];
    const token = raw ? verifiedToken(request, raw) : null;
    if (token) {
      const found = await sessions.find(token);
      if (found) {
        const { user } = found;
        request.user = user;
        request.sessionId = found.sessionId;
        request.xsrfToken = found.xsrfToken;
        if (user.projects.includes(request.projectId)) {
          request.actor = actorOfUser(user, request.projectId);
        }
      }
    }
    if (request.routeOptions.config?.public || !needsSession(request.url)) return;
    if (!request.routeOptions.url) return; // unknown route: the 404 handler answers
    if (!request.user) throw new Unauthenticated();
    if (!request.actor) throw new Forbidden('You are not a member of this project.');
    if (MUTATING.has(request.method)) {
      const header = request.headers['x-xsrf-token'];
      const expected = request.xsrfToken ?? '';
      if (typeof header !== 'string' || !safeEqual(header, expected)) {
        throw new Forbidden('Missing or invalid X-XSRF-TOKEN header.');
      }
    }
  });

  app.addHook('onSend', async (request, reply) => {
    if (!request.user) return;
    reply.header('X-Current-User', request.user.email);
    // Any other change (profile, time zone, password, account, project) may have changed the
    // user: their cached session goes before the answer leaves, so their next request rereads it.
    if (MUTATING.has(request.method) && !QUESTIONS.has(request.routeOptions.url ?? '')) {
      app.services.sessions.forgetUser(request.user.id);
    }
  });
});
