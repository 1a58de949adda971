import type { FastifyInstance } from 'fastify';
import { ZTeamsActivity } from './activity';

/**
 * The Bot Framework messaging endpoint (DESIGN §12). The connector's token is checked before
 * anything else — 401 without a usable one, 403 for a valid one failing a claim — then the
 * activity; messages are acknowledged at once (202) and answered through the connector.
 */
export async function teamsRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/assistants/teams/messages',
    { config: { public: true }, schema: { hide: true } },
    async (request, reply) => {
      const teams = app.services.teams;
      if (!teams) return reply.status(404).send({ message: 'The Teams bot is not configured.' });
      const body = (typeof request.body === 'object' && request.body ? request.body : {}) as Record<
        string,
        unknown
      >;
      const refusal = await teams.auth.check(request.headers.authorization, {
        channelId: body.channelId,
        serviceUrl: body.serviceUrl,
      });
      if (refusal) {
        if (refusal.status === 401) reply.header('www-authenticate', 'Bearer');
        return reply.status(refusal.status).send({ message: refusal.message });
      }
      const parsed = ZTeamsActivity.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return reply
          .status(400)
          .send({ message: `The activity is not valid: ${issue?.path.join('.')} ${issue?.message}` });
      }
      const answer = await teams.bot.receive(parsed.data);
      return reply.status(answer.status).send(answer.body ?? {});
    },
  );
}
