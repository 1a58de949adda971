import type { FastifyInstance } from 'fastify';
import { actorOf, route } from '../../lib/route';

/** The learned words of the data-sources screen: list and remove; a word taught by hand ("Remember this"). */
export async function synonymsRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.synonyms;

  route(app, 'GET /features/synonyms', async (r) => service.list(actorOf(r), r.query));
  route(app, 'DELETE /features/synonym', async (r) => {
    await service.remove(actorOf(r), r.query.id);
    return {};
  });
  route(app, 'POST /features/synonyms', async (r) => {
    await service.teachWord(actorOf(r), r.body);
    return {};
  });
}
