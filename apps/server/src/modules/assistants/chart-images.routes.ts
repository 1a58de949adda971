import type { FastifyInstance } from 'fastify';
import { cardChartPng, chartLinkKeys, readChartToken } from './chart-images';

/**
 * GET /assistants/charts/<token>.png: a signed chart link of chart-images.ts (a wildcard: the
 * token is longer than a route parameter may be). Public (the link is
 * the key); any origin may load it, as Alexa's card images must allow (CORS), and a tampered or
 * expired link is a 404 like a missing card.
 */
export async function chartImagesRoutes(app: FastifyInstance, opts: { clock: () => Date }): Promise<void> {
  const keys = chartLinkKeys(app.config, opts.clock);
  app.get<{ Params: { '*': string } }>(
    '/assistants/charts/*',
    { config: { public: true }, schema: { hide: true } },
    async (request, reply) => {
      const claims = readChartToken(keys, request.params['*']);
      const card = await app.services.conversations.ownedCard(
        { userId: claims.u, projectId: claims.p },
        claims.q,
      );
      const png = cardChartPng(card, claims.l);
      const seconds = Math.max(0, Math.floor((claims.expiresAt - keys.clock().getTime()) / 1000));
      return reply
        .header('Content-Type', 'image/png')
        .header('Access-Control-Allow-Origin', '*')
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .header('Cache-Control', `private, max-age=${seconds}`)
        .send(png);
    },
  );
}
