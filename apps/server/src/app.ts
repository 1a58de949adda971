import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { withSharedSecrets } from './db/shared-secrets';
import { PgBossQueue } from './jobs/pg-boss.queue';
import { withSafeRequestLogs } from './lib/redact';
import { alertsRoutes } from './modules/alerts/alerts.routes';
import { alexaRoutes } from './modules/assistants/alexa/alexa.routes';
import type { AlexaTrustOptions } from './modules/assistants/alexa/alexa-request-verifier';
import { chartImagesRoutes } from './modules/assistants/chart-images.routes';
import { mcpRoutes } from './modules/assistants/mcp/mcp.routes';
import { oauthRoutes } from './modules/assistants/oauth/oauth.routes';
import { teamsRoutes } from './modules/assistants/teams/teams.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { collectionsRoutes } from './modules/collections/collections.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { conversationsRoutes } from './modules/conversations/conversations.routes';
import { datasourcesRoutes } from './modules/datasources/datasources.routes';
import { digestRoutes } from './modules/digests/digest.routes';
import { guideRoutes } from './modules/guide/guide.routes';
import { helpRoutes } from './modules/help/help.routes';
import { modelsRoutes } from './modules/models/models.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { projectsRoutes } from './modules/projects/projects.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { synonymsRoutes } from './modules/synonyms/synonyms.routes';
import { tenantRoutes } from './modules/tenant/tenant.routes';
import { verifiedRoutes } from './modules/verified/verified.routes';
import errorsPlugin from './plugins/errors.plugin';
import requestDeadlinePlugin, { serverTimeouts } from './plugins/request-deadline.plugin';
import securityHeadersPlugin from './plugins/security-headers.plugin';
import sessionPlugin from './plugins/session.plugin';
import spaPlugin from './plugins/spa.plugin';
import swaggerPlugin from './plugins/swagger.plugin';
import { buildServices, type ServiceOptions, type Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    services: Services;
  }
}

export interface BuildOptions extends ServiceOptions {
  config: Config;
  database: Database;
  logger?: boolean | object;
  /** Folder of the built SPA; defaults to apps/web/dist. */
  webRoot?: string;
  /** The clock "today" is read from; tests pin it. */
  clock?: () => Date;
  /** Tests only: the Alexa request check's trusted roots, chain URL rule and fetcher (a local stand-in). */
  alexa?: AlexaTrustOptions;
}

/**
 * TRUST_PROXY as Fastify takes it. Fastify reads a bare hop count as "trust no one", so a count
 * becomes "the nearest N hops are proxies".
 */
function trustProxyOption(trust: Config['TRUST_PROXY']): FastifyServerOptions['trustProxy'] {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** Builds the Fastify app: cross-cutting plugins first, then the feature modules. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const opts = { ...options, config: await withSharedSecrets(options.config, options.database) };
  const app = Fastify({
    logger: withSafeRequestLogs(opts.logger ?? false),
    bodyLimit: 1024 * 1024,
    // Only behind a proxy that sets X-Forwarded-For may the per-address limits read it; else
    // any client could pick its own address and dodge them.
    trustProxy: trustProxyOption(opts.config.TRUST_PROXY),
    ...serverTimeouts(opts.config),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Bodies are JSON (multipart on the upload route): text is refused as 415 like any other type.
  app.removeContentTypeParser('text/plain');

  app.decorate('config', opts.config);
  app.decorate('database', opts.database);
  const services = buildServices(opts.config, opts.database, app.log, opts.clock ?? (() => new Date()), {
    ...opts,
    queue: opts.queue ?? new PgBossQueue(opts.database, app.log),
  });
  app.decorate('services', services);
  // Other processes' changes reach this one's copies before it answers anything.
  await services.invalidation.listen();
  // Running jobs finish before the database closes.
  app.addHook('onClose', async () => {
    await services.teams?.bot.settled();
    await services.queue.stop();
    services.mail.close();
    await services.sources.close();
    await services.quotas.close();
    await services.invalidation.close();
  });

  await app.register(securityHeadersPlugin);
  await app.register(requestDeadlinePlugin);
  await app.register(errorsPlugin);
  await app.register(cookie, { secret: opts.config.SESSION_SECRET });
  await app.register(swaggerPlugin);
  await app.register(sessionPlugin);
  // Per-route limits only (routes opt in with `rateLimit`), counted per signed-in user, after
  // the session plugin has found them; in process memory, so each server process counts alone.
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => request.actor?.userId ?? request.ip,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
  await app.register(spaPlugin, { root: opts.webRoot });

  await app.register(authRoutes);
  await app.register(tenantRoutes);
  await app.register(profileRoutes);
  await app.register(projectsRoutes);
  await app.register(conversationsRoutes);
  await app.register(datasourcesRoutes);
  await app.register(collectionsRoutes);
  await app.register(digestRoutes);
  await app.register(reportsRoutes);
  await app.register(guideRoutes);
  await app.register(synonymsRoutes);
  await app.register(modelsRoutes);
  await app.register(helpRoutes);
  await app.register(contactRoutes);
  await app.register(billingRoutes);
  await app.register(verifiedRoutes);
  await app.register(notificationsRoutes);
  await app.register(alertsRoutes);
  await app.register(oauthRoutes);
  await app.register(alexaRoutes, { clock: opts.clock ?? (() => new Date()), trust: opts.alexa });
  await app.register(chartImagesRoutes, { clock: opts.clock ?? (() => new Date()) });
  await app.register(teamsRoutes);
  await app.register(mcpRoutes);
  return app;
}
