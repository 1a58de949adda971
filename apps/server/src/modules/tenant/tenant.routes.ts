import type { FastifyInstance } from 'fastify';
import { actorOf, route } from '../../lib/route';

/** The tenant (who is signed in), onboarding and the browser's time zone. */
export async function tenantRoutes(app: FastifyInstance): Promise<void> {
  const { tenant } = app.services;

  route(app, 'GET /auth/tenant', async (request) => tenant.getTenant(actorOf(request)));

  route(app, 'PUT /auth/tenant/timezone', async (request) => {
    await tenant.setTimezone(actorOf(request), request.body.timezone);
    return {};
  });

  route(app, 'POST /auth/register', async (request) => tenant.register(actorOf(request), request.body));
}
