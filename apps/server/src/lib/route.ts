import {
  type EndpointKey,
  type EndpointSchemas,
  type Endpoints,
  endpoints,
  requestLine,
} from '@parley/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Actor } from './access';
import { Unauthenticated } from './errors';

type Parsed<E, F extends string> = E extends { [K in F]: infer S extends z.ZodType } ? z.output<S> : unknown;

/** A request of an endpoint, typed by its descriptor's body, query and params. */
export type EndpointRequest<K extends EndpointKey> = FastifyRequest<{
  Body: Parsed<Endpoints[K], 'body'>;
  Querystring: Parsed<Endpoints[K], 'query'>;
  Params: Parsed<Endpoints[K], 'params'>;
}>;

/** What a handler may answer: the descriptor's response (serialised by it), or the reply itself. */
type HandlerAnswer<K extends EndpointKey> = Endpoints[K]['response'] extends z.ZodType
  ? z.input<Endpoints[K]['response']> | FastifyReply
  : unknown;

export interface RouteExtras {
  /** Per-user limit on this route (@fastify/rate-limit): at most `max` calls per `timeWindow` ms. */
  rateLimit?: { max: number; timeWindow: number };
}

/**
 * Registers an endpoint from its contract descriptor: method, path, validation, serialisation,
 * OpenAPI and public access all come from `endpoints[key]`; the route only adds its handler.
 */
export function route<K extends EndpointKey>(
  app: FastifyInstance,
  key: K,
  handler: (request: EndpointRequest<K>, reply: FastifyReply) => Promise<HandlerAnswer<K>>,
  extras: RouteExtras = {},
): void {
  const e: EndpointSchemas = endpoints[key];
  const { method, path } = requestLine(key);
  app.route({
    method,
    url: path,
    ...(e.bodyLimit ? { bodyLimit: e.bodyLimit } : {}),
    config: {
      ...(e.public ? { public: true } : {}),
      ...(e.upload ? { upload: true } : {}),
      ...(extras.rateLimit ? { rateLimit: extras.rateLimit } : {}),
    },
    schema: {
      tags: [e.tag],
      ...(e.body ? { body: e.body } : {}),
      // Uploads have no JSON body schema; the module registers @fastify/multipart for them.
      ...(e.upload ? { consumes: ['multipart/form-data'] } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.params ? { params: e.params } : {}),
      ...(e.response ? { response: { [e.status ?? 200]: e.response } } : {}),
    },
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}

/** The signed-in actor of a non-public route (the session plugin has checked it already). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new Unauthenticated();
  return request.actor;
}
