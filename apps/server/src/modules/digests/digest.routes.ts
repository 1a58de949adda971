import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../lib/errors';
import { actorOf, route } from '../../lib/route';
import { unsubscribePage } from './digest-mail';

const MINUTE = 60_000;

/**
 * "Send now", and the digest's unsubscribe link: public (it works without signing in; the signed token is the
 * permission) and answers a short page, also when the link is bad (400) or its collection gone (404) — to a
 * browser; a client that does not ask for HTML gets the refusal as `{ message }`, as from any other route.
 */
export async function digestRoutes(app: FastifyInstance): Promise<void> {
  const brand = app.config.BRAND_NAME;
  // Each Send now runs every card of the collection on its source: a tenth of the questions' limit.
  const sendLimit = Math.ceil(app.config.ASK_RATE_LIMIT / 10);
  route(
    app,
    'POST /features/collection/digest',
    async (request) => {
      await app.services.digests.sendNow(actorOf(request), request.body.id);
      return {};
    },
    app.config.ASK_RATE_LIMIT > 0 ? { rateLimit: { max: sendLimit, timeWindow: MINUTE } } : {},
  );
  route(app, 'GET /features/collection/unsubscribe', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      const done = await app.services.digests.unsubscribe(request.query.token);
      return reply.type('text/html; charset=utf-8').send(unsubscribePage(brand, done.language, done));
    } catch (err) {
      if (!(err instanceof DomainError) || (err.kind !== 'invalid' && err.kind !== 'not-found')) throw err;
      if (!/\btext\/html\b/.test(request.headers.accept ?? '')) throw err;
      return reply
        .type('text/html; charset=utf-8')
        .status(err.kind === 'invalid' ? 400 : 404)
        .send(unsubscribePage(brand, 'en-US', { error: err.message }));
    }
  });
}
