import { ASSISTANT_SCOPES } from '@parley/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { actorOf, route } from '../../../lib/route';
import { INTERACTION_COOKIE } from './interaction-cookie';
import type { OidcProvider } from './oidc-types';

/** Dynamic registrations one address may make per minute: a public client registers once. */
const REGISTRATIONS_PER_MINUTE = 10;

/** RFC 8414 metadata of Parley's authorisation server (DESIGN §12). */
export function authorizationServerMetadata(publicUrl: string): Record<string, unknown> {
  return {
    issuer: publicUrl,
    authorization_endpoint: `${publicUrl}/oauth/authorize`,
    token_endpoint: `${publicUrl}/oauth/token`,
    revocation_endpoint: `${publicUrl}/oauth/revoke`,
    registration_endpoint: `${publicUrl}/oauth/register`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    scopes_supported: [...ASSISTANT_SCOPES],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
  };
}

/**
 * The OAuth endpoints (answered by oidc-provider, mounted raw: it reads its own form bodies and
 * writes its own OAuth JSON errors), the metadata, the consent view's calls and Linked assistants.
 */
export async function oauthRoutes(app: FastifyInstance): Promise<void> {
  const { oauthServer, oauthInteractions, linkedAssistants } = app.services;

  await app.register(async (scope) => {
    // No body parsing here: the provider reads the raw request (form, or JSON for registration).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    let handler: ReturnType<OidcProvider['callback']> | null = null;
    const handoff = async (request: FastifyRequest, reply: FastifyReply) => {
      handler ??= (await oauthServer.provider()).callback();
      const callback = handler;
      reply.hijack();
      await callback(request.raw, reply.raw);
    };
    scope.route({
      method: ['GET', 'POST', 'OPTIONS'],
      url: '/oauth/*',
      config: { public: true },
      schema: { hide: true },
      handler: handoff,
    });
    scope.route({
      method: 'POST',
      url: '/oauth/register',
      config: { public: true, rateLimit: { max: REGISTRATIONS_PER_MINUTE, timeWindow: 60_000 } },
      schema: { hide: true },
      handler: handoff,
    });
  });

  const metadata = authorizationServerMetadata(app.config.PUBLIC_URL);
  app.get(
    '/.well-known/oauth-authorization-server',
    { config: { public: true }, schema: { hide: true } },
    async () => metadata,
  );

  // The browser's binding to the request it started (interaction-cookie.ts) goes with each call.
  const started = (r: FastifyRequest) => r.cookies[INTERACTION_COOKIE];
  route(app, 'GET /api/v1/oauth/interaction/:uid', async (r) =>
    oauthInteractions.details(actorOf(r), r.params.uid, started(r)),
  );
  route(app, 'POST /api/v1/oauth/interaction/:uid/consent', async (r) =>
    oauthInteractions.consent(actorOf(r), r.params.uid, started(r)),
  );
  route(app, 'POST /api/v1/oauth/interaction/:uid/deny', async (r) =>
    oauthInteractions.deny(actorOf(r), r.params.uid, started(r)),
  );

  route(app, 'GET /api/v1/assistants', async (r) => linkedAssistants.list(actorOf(r)));
  route(app, 'PUT /api/v1/assistants/:id', async (r) =>
    linkedAssistants.update(actorOf(r), r.params.id, r.body),
  );
  route(app, 'DELETE /api/v1/assistants/:id', async (r) => {
    await linkedAssistants.revoke(actorOf(r), r.params.id);
    return {};
  });
}
