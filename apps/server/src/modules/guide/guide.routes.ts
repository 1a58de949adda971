import type { FastifyInstance } from 'fastify';
import { actorOf, route } from '../../lib/route';

/** The dashboard's Getting started guide. */
export async function guideRoutes(app: FastifyInstance): Promise<void> {
  const { guide } = app.services;
  route(app, 'GET /features/guide', async (r) => guide.get(actorOf(r)));
  route(app, 'PUT /features/guide', async (r) => guide.update(actorOf(r), r.body));
}
