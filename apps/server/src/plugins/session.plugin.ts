import type { FeatureKey } from '@parley/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/errors';
import { safeEqual } from '../lib/tokens';
import type { SessionUser } from '../modules/auth/auth.repository';

export const SESSION_COOKIE = 'parley_session';
/** A session unused for this long ends (idle timeout). */
export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
/** No session lives longer than this, used or not (absolute timeout). */
export const SESSION_MAX_MS = 30 * 24 * 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. */
    user: SessionUser | null;
    sessionId: string | null;
    /** The session's anti-forgery token, compared with X-XSRF-TOKEN on changes. */
    xsrfToken: string | null;
    /** The project chosen by the host name (spec 1 §1). */
    projectId: string;
  }
  interface FastifyContextConfig {
    /** Routes reachable without a session (sign-in, config, help). */
    public?: boolean;
    /** A feature key the signed-in user must hold, else 403 (spec 1 §6). */
    feature?: FeatureKey;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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
 * Resolves session, user and project on every request; non-public routes need a session
 * (401), the project membership (403) and, when they change something, the XSRF header (403).
 */
export default fp(async function sessionPlugin(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('xsrfToken', null);
  app.decorateRequest('projectId', '');

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const auth = app.services.auth;
    request.projectId = await auth.resolveProject(projectFromHost(request.headers.host));
    const raw = request.cookies[SESSION_COOKIE];
    const cookie = raw ? request.unsignCookie(raw) : null;
    if (cookie?.valid && cookie.value) {
      const found = await auth.findSession(cookie.value);
      if (found) {
        request.user = found.user;
        request.sessionId = found.sessionId;
        request.xsrfToken = found.xsrfToken;
      }
    }
    if (request.routeOptions.config?.public || !needsSession(request.url)) return;
    if (!request.routeOptions.url) return; // unknown route: the 404 handler answers
    if (!request.user) throw unauthorized();
    if (!request.user.projects.includes(request.projectId)) {
      throw forbidden('You are not a member of this project.');
    }
    const feature = request.routeOptions.config?.feature;
    if (feature && !request.user.features.includes(feature)) {
      throw forbidden('This feature is not enabled for your account.');
    }
    if (MUTATING.has(request.method)) {
      const header = request.headers['x-xsrf-token'];
      const expected = request.xsrfToken ?? '';
      if (typeof header !== 'string' || !safeEqual(header, expected)) {
        throw forbidden('Missing or invalid X-XSRF-TOKEN header.');
      }
    }
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.user) reply.header('X-Current-User', request.user.email);
  });
});
