import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { AuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { helpRoutes } from './modules/help/help.routes';
import errorsPlugin from './plugins/errors.plugin';
import sessionPlugin from './plugins/session.plugin';
import spaPlugin from './plugins/spa.plugin';
import swaggerPlugin from './plugins/swagger.plugin';

/** Every service of the app, built once per app and reachable from routes and plugins. */
export interface Services {
  auth: AuthService;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    services: Services;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: boolean | object;
  /** Folder of the built SPA; defaults to apps/web/dist. */
  webRoot?: string;
}

/** Builds the Fastify app: cross-cutting plugins first, then the feature modules. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    // Secrets and cookies never reach the log.
    disableRequestLogging: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { db } = opts.database;
  app.decorate('config', opts.config);
  app.decorate('database', opts.database);
  app.decorate('services', {
    auth: new AuthService(new AuthRepository(db), opts.config),
  } satisfies Services);

  await app.register(errorsPlugin);
  await app.register(cookie, { secret: opts.config.SESSION_SECRET });
  await app.register(swaggerPlugin);
  await app.register(sessionPlugin);
  await app.register(spaPlugin, { root: opts.webRoot });

  await app.register(authRoutes);
  await app.register(helpRoutes);
  return app;
}
