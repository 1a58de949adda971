import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { CaptchaVerifier } from './lib/captcha';
import { AttemptLimiter } from './lib/rate-limit';
import { withSafeRequestLogs } from './lib/redact';
import { MailRepository } from './mail/mail.repository';
import { MailService } from './mail/mail.service';
import { AuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { EmailLinkService } from './modules/auth/email-link.service';
import { OidcService } from './modules/auth/oidc.service';
import { AskService } from './modules/conversations/ask.service';
import { ConversationsRepository } from './modules/conversations/conversations.repository';
import { conversationsRoutes } from './modules/conversations/conversations.routes';
import { ConversationsService } from './modules/conversations/conversations.service';
import { type DemoDatasetOptions, demoDatasetPath, demoSource } from './modules/conversations/demo-source';
import { helpRoutes } from './modules/help/help.routes';
import { ProfileRepository } from './modules/profile/profile.repository';
import { profileRoutes } from './modules/profile/profile.routes';
import { ProfileService } from './modules/profile/profile.service';
import { ProjectsRepository } from './modules/projects/projects.repository';
import { projectsRoutes } from './modules/projects/projects.routes';
import { ProjectsService } from './modules/projects/projects.service';
import errorsPlugin from './plugins/errors.plugin';
import sessionPlugin from './plugins/session.plugin';
import spaPlugin from './plugins/spa.plugin';
import swaggerPlugin from './plugins/swagger.plugin';

/** Every service of the app, built once per app and reachable from routes and plugins. */
export interface Services {
  auth: AuthService;
  authLinks: EmailLinkService;
  oidc: OidcService;
  mail: MailService;
  profile: ProfileService;
  projects: ProjectsService;
  ask: AskService;
  conversations: ConversationsService;
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
  /** The demo dataset; defaults to DATA_DIR/demo.duckdb ending DEMO_END_DATE (or today). */
  demoDataset?: DemoDatasetOptions;
  /** The clock "today" is read from; tests pin it. */
  clock?: () => Date;
  /** How many query results of read-only sources to keep (0: none, as the raw-time benchmark wants). */
  resultCacheSize?: number;
}

/** Builds the Fastify app: cross-cutting plugins first, then the feature modules. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withSafeRequestLogs(opts.logger ?? false),
    bodyLimit: 1024 * 1024,
    // Only behind a proxy that sets X-Forwarded-For may the per-address limits read it; else
    // any client could pick its own address and dodge them.
    trustProxy: opts.config.TRUST_PROXY as FastifyServerOptions['trustProxy'],
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { db } = opts.database;
  app.decorate('config', opts.config);
  app.decorate('database', opts.database);
  const authRepo = new AuthRepository(db);
  const guards = { limiter: new AttemptLimiter(db), captcha: new CaptchaVerifier(opts.config) };
  const mail = new MailService(opts.config, new MailRepository(db), app.log);
  const auth = new AuthService(authRepo, opts.config, guards);
  const clock = opts.clock ?? (() => new Date());
  const dataset = opts.demoDataset ?? {
    path: demoDatasetPath(opts.config.DATA_DIR),
    endDate: opts.config.DEMO_END_DATE ?? clock().toISOString().slice(0, 10),
    scale: opts.config.DEMO_SCALE,
  };
  const llm = opts.config.LLM_BASE_URL
    ? { baseUrl: opts.config.LLM_BASE_URL, apiKey: opts.config.LLM_API_KEY, model: opts.config.LLM_MODEL }
    : null;
  const ask = new AskService(demoSource(dataset, app.log), llm, app.log, clock, opts.resultCacheSize);
  app.decorate('services', {
    auth,
    authLinks: new EmailLinkService(authRepo, auth, mail, guards, opts.config),
    oidc: new OidcService(opts.config),
    mail,
    profile: new ProfileService(new ProfileRepository(db)),
    projects: new ProjectsService(new ProjectsRepository(db), opts.config.PUBLIC_URL),
    ask,
    conversations: new ConversationsService(
      new ConversationsRepository(db),
      ask,
      mail,
      opts.config.BRAND_NAME,
      clock,
    ),
  } satisfies Services);
  // Background mail finishes before the database closes.
  app.addHook('onClose', async () => {
    await mail.flush();
    mail.close();
  });

  await app.register(errorsPlugin);
  await app.register(cookie, { secret: opts.config.SESSION_SECRET });
  await app.register(swaggerPlugin);
  await app.register(sessionPlugin);
  await app.register(spaPlugin, { root: opts.webRoot });

  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(projectsRoutes);
  await app.register(conversationsRoutes);
  await app.register(helpRoutes);
  return app;
}
