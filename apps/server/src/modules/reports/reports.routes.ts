import type { FastifyInstance } from 'fastify';
import { actorOf, route } from '../../lib/route';

/** The Intelligence Suite's calls (DESIGN §11). */
export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  const reports = app.services.reports;
  route(app, 'GET /features/deep-research-reports', async (r) => reports.list(actorOf(r)));
  route(app, 'PUT /features/deep-research-report', async (r) => reports.update(actorOf(r), r.body));
  route(app, 'PUT /features/deep-research-report/run', async (r) => reports.run(actorOf(r), r.body.report));
  route(app, 'PUT /features/deep-research-report/start', async (r) =>
    reports.start(actorOf(r), r.body.report),
  );
  route(app, 'PUT /features/deep-research-report/stop', async (r) => reports.stop(actorOf(r), r.body.report));
  route(app, 'GET /features/deep-research-report/issues', async (r) =>
    reports.issues(actorOf(r), r.query.report),
  );
}
