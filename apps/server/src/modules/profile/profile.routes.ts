import type { FastifyInstance } from 'fastify';
import { actorOf, route } from '../../lib/route';
import { clearSessionCookie } from '../auth/auth.routes';

/** The profile screen and account deletion. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const { profile } = app.services;

  route(app, 'PUT /features/profile', async (request) => profile.update(actorOf(request), request.body));

  // Spec 1 §4: the client treats 401 as "deleted and signed out", so success answers 401.
  route(app, 'DELETE /api/v1/auth/account', async (request, reply) => {
    await profile.deleteAccount(actorOf(request));
    request.user = null;
    request.actor = null;
    request.sessionId = null;
    clearSessionCookie(reply);
    return reply.status(401).send({ message: 'Your account has been deleted.' });
  });
}
