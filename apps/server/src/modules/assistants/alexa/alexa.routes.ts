import type { FastifyInstance } from 'fastify';
import { assistantResources } from '../assistant-access';
import { chartImageUrl, chartLinkKeys } from '../chart-images';
import { AlexaRequestVerifier, type AlexaTrustOptions } from './alexa-request-verifier';
import { AlexaSkill } from './alexa-skill';

/** Alexa requests are small; anything larger is not one. */
const ALEXA_BODY_LIMIT = 128 * 1024;

/**
 * POST /assistants/alexa — the custom skill's endpoint (DESIGN §12). The signature covers the
 * exact bytes, so in this scope JSON is kept raw and parsed only after verification; any failed
 * check is a 400 before a token is read or anything is done.
 */
export async function alexaRoutes(
  app: FastifyInstance,
  opts: { clock: () => Date; trust?: AlexaTrustOptions },
): Promise<void> {
  const { config } = app;
  const verifier = new AlexaRequestVerifier({
    skillId: config.ALEXA_SKILL_ID,
    clock: opts.clock,
    trust: opts.trust,
  });
  const access = app.services.assistantAccess;
  const keys = chartLinkKeys(config, opts.clock);
  const skill = new AlexaSkill({
    access,
    conversations: app.services.conversations,
    resource: assistantResources(config.PUBLIC_URL).assistants,
    chartUrl: (actor, questionId) => chartImageUrl(keys, actor, questionId),
    log: app.log,
  });

  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    // Kept beside the request, not as its body: the errors plugin rewrites object bodies.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      raws.set(request, body as Buffer);
      done(null, {});
    });
    scope.post(
      '/assistants/alexa',
      { config: { public: true }, schema: { hide: true }, bodyLimit: ALEXA_BODY_LIMIT },
      async (request, reply) => {
        const raw = raws.get(request) ?? Buffer.alloc(0);
        const verified = await verifier.verify(request.headers, raw);
        if (!verified.ok) return reply.status(400).send({ message: verified.reason });
        const answer = await skill.handle(verified.envelope);
        return answer ? reply.send(answer) : reply.status(200).send();
      },
    );
  });
}

/** Raw request bodies by request, for the signature check. */
const raws = new WeakMap<object, Buffer>();
