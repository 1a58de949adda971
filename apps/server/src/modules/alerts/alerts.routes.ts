import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../lib/errors';
import { actorOf, route } from '../../lib/route';
import { mutePage } from './alert-notice';

/**
 * The user's alerts (DESIGN §12), and the alert mail's mute link: public (the signed token is the
 * permission), answering a short page — also when the link is bad (400) or its alert gone (404).
 */
export async function alertsRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.alerts;
  const brand = app.config.BRAND_NAME;
  route(app, 'GET /features/alerts', async (r) => service.list(actorOf(r)));
  route(app, 'POST /features/alerts', async (r) => service.create(actorOf(r), r.body));
  route(app, 'PUT /features/alerts', async (r) => service.update(actorOf(r), r.body));
  route(app, 'DELETE /features/alerts', async (r) => {
    await service.remove(actorOf(r), r.query.id);
    return {};
  });
  route(app, 'GET /features/alerts/mute', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      const done = await service.mute(request.query.token);
      return reply.type('text/html; charset=utf-8').send(mutePage(brand, 'en-US', done));
    } catch (err) {
      if (!(err instanceof DomainError) || (err.kind !== 'invalid' && err.kind !== 'not-found')) throw err;
      if (!/\btext\/html\b/.test(request.headers.accept ?? '')) throw err;
      return reply
        .type('text/html; charset=utf-8')
        .status(err.kind === 'invalid' ? 400 : 404)
        .send(mutePage(brand, 'en-US', { error: err.message }));
    }
  });
}
