import type { FastifyInstance } from 'fastify';
import { actorOf, route } from '../../lib/route';

const MINUTE = 60_000;

/** Collections, their cards and the card editor's preview (DESIGN §11); "Send now" is in modules/digests. */
export async function collectionsRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.collections;
  // The same per-user ceiling as questions: a collection answer or a preview asks the source.
  const askLimit = app.config.ASK_RATE_LIMIT;
  const perUser = (max: number) => (max > 0 ? { rateLimit: { max, timeWindow: MINUTE } } : {});

  route(app, 'GET /features/collections', async (request) => service.list(actorOf(request)));

  route(app, 'POST /features/collection', async (request) => service.create(actorOf(request), request.body));

  route(app, 'PUT /features/collection', async (request) => service.update(actorOf(request), request.body));

  route(app, 'DELETE /features/collection', async (request) => {
    await service.delete(actorOf(request), request.query.id);
    return {};
  });

  route(
    app,
    'POST /features/collections/query',
    async (request) => service.query(actorOf(request), request.body),
    perUser(askLimit),
  );

  route(
    app,
    'POST /features/collections/preview',
    async (request) => service.preview(actorOf(request), request.body),
    perUser(askLimit),
  );
}
