import {
  ZAuthConfig,
  ZAuthProviders,
  ZEmpty,
  ZLoginWithPasswordBody,
  ZTenant,
  ZTimezoneBody,
  ZXsrfResponse,
} from '@parley/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SESSION_COOKIE, SESSION_MAX_MS } from '../../plugins/session.plugin';
import type { NewSession } from './auth.service';

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

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = app.services.auth;
  const pub = { public: true };

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
      const user = await auth.verifyCredentials(request.body.email, request.body.password);
      const session = await auth.startSession(user.id, request.sessionId);
      setSessionCookie(reply, session, app.config.secureCookies);
      return { xsrfToken: session.xsrfToken };
    },
  );

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
