import type { FastifyInstance } from 'fastify';
import { actorOf, route } from '../../lib/route';

/** A source's verified questions: list, pin, remove (DESIGN §12). */
export async function verifiedRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.verified;

  route(app, 'GET /api/v1/datasource/:id/verified', async (r) => service.list(actorOf(r), r.params.id));
  route(app, 'POST /api/v1/datasource/:id/verified', async (r) =>
    service.create(actorOf(r), r.params.id, r.body),
  );
  route(app, 'DELETE /api/v1/datasource/:id/verified/:vid', async (r) => {
    await service.remove(actorOf(r), r.params.id, r.params.vid);
    return {};
  });
}
