import { ZErrorResponse, ZProfileBody, ZTenant } from '@parley/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '../../plugins/session.plugin';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { profile } = app.services;

  app.put(
    '/features/profile',
    {
      config: { feature: 'SETTINGS_PROFILE' },
      schema: { tags: ['profile'], body: ZProfileBody, response: { 200: ZTenant } },
    },
    async (request) => profile.update(request.user!, request.body),
  );

  // Spec 1 §4: the client treats 401 as "deleted and signed out", so success answers 401.
  app.delete(
    '/api/v1/auth/account',
    {
      config: { feature: 'SETTINGS_DELETE_ACCOUNT' },
      schema: { tags: ['profile'], response: { 401: ZErrorResponse } },
    },
    async (request, reply) => {
      await profile.deleteAccount(request.user!);
      request.user = null;
      request.sessionId = null;
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.status(401).send({ message: 'Your account has been deleted.' });
    },
  );
};
