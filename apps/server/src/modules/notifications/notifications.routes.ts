import type { FastifyInstance } from 'fastify';
import { actorOf, route } from '../../lib/route';

/** The notifications panel: a page of the user's notices, and marking them read. */
export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.notifications;

  route(app, 'GET /features/notifications', async (r) => service.list(actorOf(r), r.query));
  route(app, 'POST /features/notifications/read', async (r) => service.read(actorOf(r), r.body));
}
