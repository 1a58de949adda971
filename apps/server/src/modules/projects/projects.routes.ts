import type { FastifyInstance } from 'fastify';
import { actorOf, route } from '../../lib/route';

/** The project switcher. */
export async function projectsRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'GET /features/projects', async (request) => app.services.projects.list(actorOf(request)));
}
