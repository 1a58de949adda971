/**
 * The MCP server at /mcp (streamable HTTP, stateless) and its RFC 9728 metadata. Every POST is
 * authorised here before the SDK's transport sees it: a bearer token bound to the `mcp` resource,
 * and the scope of each tool it calls (MCP authorization, 2025-11-25:
 * https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization), after the
 * Origin check of the transport (https://modelcontextprotocol.io/specification/2025-11-25/basic/transports).
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../../lib/access';
import { type AccessRefusal, type AssistantPrincipal, assistantResources } from '../assistant-access';
import {
  bearerToken,
  insufficientScopeChallenge,
  protectedResourceMetadata,
  RESOURCE_METADATA_PATH,
  scopesNeeded,
  unauthorizedChallenge,
} from './mcp-challenge';
import { buildMcpServer } from './mcp-server';

const MINUTE = 60_000;

interface Authorised {
  principal: AssistantPrincipal;
  actor: Actor;
  token: string;
}

/** /mcp, /.well-known/oauth-protected-resource and its path form for /mcp. */
export async function mcpRoutes(app: FastifyInstance): Promise<void> {
  const publicUrl = app.config.PUBLIC_URL;
  const resource = assistantResources(publicUrl).mcp;
  const metadata = protectedResourceMetadata(publicUrl);
  // Outside the contract (and its OpenAPI): protocol endpoints shaped by their RFCs, not by Parley.
  const hidden = { config: { public: true }, schema: { hide: true } };
  for (const url of ['/.well-known/oauth-protected-resource', RESOURCE_METADATA_PATH]) {
    app.get(url, hidden, async (_request, reply) =>
      reply.header('Cache-Control', 'public, max-age=3600').send(metadata),
    );
  }

  const authorised = new WeakMap<FastifyRequest, Authorised>();
  const refuse = (reply: FastifyReply, refusal: AccessRefusal, tokenSent: boolean) => {
    if (refusal.refused === 'insufficient_scope') {
      return reply
        .status(403)
        .header('WWW-Authenticate', insufficientScopeChallenge(publicUrl, refusal.scope))
        .send({ message: `This assistant was not allowed to ${refusal.scope}: link it again to allow it.` });
    }
    return reply
      .status(401)
      .header(
        'WWW-Authenticate',
        unauthorizedChallenge(publicUrl, tokenSent && refusal.refused === 'invalid'),
      )
      .send({ message: 'Sign in to Parley through your assistant to use it.' });
  };

  // The transport spec: servers MUST validate Origin (DNS rebinding). Assistants call from servers,
  // which send none; a web page of another origin is refused.
  const ownOrigin = new URL(publicUrl).origin;

  /** The token, checked for the mcp resource and each scope the body's tool calls need; the actor it acts for. */
  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== ownOrigin) {
      return reply.status(403).send({ message: `This MCP server does not answer web pages of ${origin}.` });
    }
    const access = app.services.assistantAccess;
    const token = bearerToken(request.headers.authorization);
    const needed = scopesNeeded(request.body);
    let principal: AssistantPrincipal | null = null;
    for (const scope of needed.length > 0 ? needed : [undefined]) {
      const checked = await access.verify(token, { resource, ...(scope ? { scope } : {}) });
      if ('refused' in checked) return refuse(reply, checked, token !== undefined);
      principal = checked;
    }
    const actor = principal && token ? await access.actor(principal) : null;
    if (!principal || !token || !actor) return refuse(reply, { refused: 'invalid' }, token !== undefined);
    // The per-user limits (rateLimit below) and the logs see the user as for a request with a session.
    request.actor = actor;
    authorised.set(request, { principal, actor, token });
  };

  const askLimit = app.config.ASK_RATE_LIMIT;
  app.post(
    '/mcp',
    {
      ...hidden,
      preHandler: authenticate,
      config: {
        public: true,
        // The ask limit of the conversation screen, per user, on tool calls only (after authenticate).
        ...(askLimit > 0
          ? {
              rateLimit: {
                max: askLimit,
                timeWindow: MINUTE,
                hook: 'preHandler' as const,
                allowList: (request: FastifyRequest) => scopesNeeded(request.body).length === 0,
              },
            }
          : {}),
      },
    },
    async (request, reply) => {
      const auth = authorised.get(request);
      if (!auth) return refuse(reply, { refused: 'invalid' }, true);
      return answer(app, request, reply, auth);
    },
  );

  // Stateless: no server-to-client stream to open (GET) and no session to end (DELETE).
  app.route({
    method: ['GET', 'DELETE'],
    url: '/mcp',
    ...hidden,
    handler: async (_request, reply) =>
      reply
        .status(405)
        .header('Allow', 'POST')
        .send({ message: 'This MCP server answers POST requests only.' }),
  });
}

/** Hands the parsed JSON-RPC body to a fresh stateless transport and sends its answer as Fastify's reply. */
async function answer(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, auth: Authorised) {
  const server = buildMcpServer({ app, actor: auth.actor, log: request.log });
  // JSON answers, not an SSE stream: every tool answers once, and inject and proxies handle JSON best.
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    const response = await transport.handleRequest(webRequest(request), {
      parsedBody: request.body,
      authInfo: {
        token: auth.token,
        clientId: auth.principal.clientId,
        scopes: [...auth.principal.scopes],
        resource: new URL(auth.principal.resource),
        extra: { userId: auth.principal.userId, grantId: auth.principal.grantId },
      },
    });
    reply.status(response.status);
    response.headers.forEach((value, name) => {
      reply.header(name, value);
    });
    const body = await response.text();
    return reply.send(body.length > 0 ? body : undefined);
  } finally {
    await server.close();
  }
}

/** The request as the Web-standard transport reads it: method, URL and headers (the body is passed parsed). */
function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'content-length') continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return new Request(`http://${request.hostname || 'localhost'}${request.url}`, {
    method: request.method,
    headers,
  });
}
