import type { FastifyInstance } from 'fastify';
import { attachment } from '../../lib/attachment';
import { actorOf, route } from '../../lib/route';
import { queryReplyText } from './query-reply';

const MINUTE = 60_000;

/** The conversation screen: questions, history, favourites, feedback and exports. */
export async function conversationsRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.conversations;
  // History a stopped process journalled is stored before the first question; queued history
  // is stored before the database closes.
  app.addHook('onReady', async () => {
    await service.replayHistory();
  });
  app.addHook('onClose', async () => {
    await service.closeHistory();
  });
  // Per-user ceilings against runaway clients and scripted abuse; a person asking never meets them.
  const askLimit = app.config.ASK_RATE_LIMIT;
  const perUser = (max: number) => (max > 0 ? { rateLimit: { max, timeWindow: MINUTE } } : {});

  route(
    app,
    'POST /features/conversations/query',
    // Written by queryReplyText (the contract's check, each shared card's once), not the serializer.
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(queryReplyText(await service.query(actorOf(request), request.body))),
    perUser(askLimit),
  );

  route(app, 'GET /features/conversations', async (request) =>
    service.history(actorOf(request), request.query),
  );

  route(app, 'GET /features/favourites', async (request) => service.favourites(actorOf(request)));

  route(app, 'GET /features/suggestions', async (request) =>
    service.suggestions(actorOf(request), request.query?.datasource_id),
  );

  route(app, 'POST /api/v1/feedback', async (request) => ({
    id: await service.feedback(actorOf(request), request.body),
  }));

  route(
    app,
    'POST /api/v1/email_card',
    async (request) => {
      await service.emailCard(actorOf(request), request.body);
      return {};
    },
    perUser(Math.ceil(askLimit / 6)),
  );

  route(
    app,
    'GET /features/csv',
    async (request, reply) => {
      const { filename, csv } = await service.csv(actorOf(request), request.query.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', attachment(filename))
        .send(csv);
    },
    perUser(askLimit),
  );
}
