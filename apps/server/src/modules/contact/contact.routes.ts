import type { FastifyInstance } from 'fastify';
import { actorOf, route } from '../../lib/route';

/** The help panel's contact form. */
export async function contactRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.contact;
  route(app, 'POST /api/v1/contact', async (r) => service.send(actorOf(r), r.body));
}
