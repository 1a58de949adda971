import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { AccessPolicy, type QuotaGate, unlimitedQuotas } from './lib/access';
import { CaptchaVerifier } from './lib/captcha';
import { SecretBox } from './lib/crypto';
import { MailRepository } from './mail/mail.repository';
import { MailService } from './mail/mail.service';
import { AnswerService } from './modules/answers/answers.service';
import { AttemptsRepository } from './modules/auth/attempts.repository';
import { AuthService } from './modules/auth/auth.service';
import { EmailLinkService } from './modules/auth/email-link.service';
import { OidcService } from './modules/auth/oidc.service';
import { SessionsRepository } from './modules/auth/sessions.repository';
import { SessionsService } from './modules/auth/sessions.service';
import { TokensRepository } from './modules/auth/tokens.repository';
import { ConversationsRepository } from './modules/conversations/conversations.repository';
import { ConversationsService } from './modules/conversations/conversations.service';
import { DatasourcesRepository } from './modules/datasources/datasources.repository';
import { DatasourcesService } from './modules/datasources/datasources.service';
import { SourceResolver } from './modules/datasources/source-resolver';
import { DemoService } from './modules/demo/demo.service';
import { type DemoDatasetOptions, demoDatasetPath, demoSource } from './modules/demo/demo-source';
import { ProfileService } from './modules/profile/profile.service';
import { ProjectsRepository } from './modules/projects/projects.repository';
import { ProjectsService } from './modules/projects/projects.service';
import { TenantService } from './modules/tenant/tenant.service';
import { UsersRepository } from './modules/users/users.repository';

/** Every service of the app: built once, used by routes, plugins, jobs, tools and tests. */
export interface Services {
  access: AccessPolicy;
  sessions: SessionsService;
  auth: AuthService;
  authLinks: EmailLinkService;
  oidc: OidcService;
  tenant: TenantService;
  demo: DemoService;
  mail: MailService;
  profile: ProfileService;
  projects: ProjectsService;
  answers: AnswerService;
  datasources: DatasourcesService;
  /** Which data source answers a question: connector + model, memoised (modules/datasources). */
  sources: SourceResolver;
  conversations: ConversationsService;
}

export interface ServiceOptions {
  /** The demo dataset; defaults to DATA_DIR/demo.duckdb ending DEMO_END_DATE (or today). */
  demoDataset?: DemoDatasetOptions;
  /** How many query results of read-only sources to keep (0: none, as the raw-time benchmark wants). */
  resultCacheSize?: number;
  /** Plan limits; unlimited until plans and billing land. */
  quotas?: QuotaGate;
}

/**
 * The composition root: every repository and service, wired once. No HTTP here, so a job
 * worker, a scheduler or a command-line tool gets the same services as the web app.
 */
export function buildServices(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
  clock: () => Date,
  options: ServiceOptions = {},
): Services {
  const { db } = database;
  const users = new UsersRepository(db);
  const projectsRepo = new ProjectsRepository(db);
  const access = new AccessPolicy(options.quotas ?? unlimitedQuotas);
  const guards = { attempts: new AttemptsRepository(db), captcha: new CaptchaVerifier(config) };
  const mail = new MailService(config, new MailRepository(db), log);
  const sessions = new SessionsService(new SessionsRepository(db));
  const tokens = new TokensRepository(db);
  const auth = new AuthService(users, projectsRepo, sessions, tokens, config, guards);
  const dataset = options.demoDataset ?? {
    path: demoDatasetPath(config.DATA_DIR),
    endDate: config.DEMO_END_DATE ?? clock().toISOString().slice(0, 10),
    scale: config.DEMO_SCALE,
  };
  const llm = config.LLM_BASE_URL
    ? { baseUrl: config.LLM_BASE_URL, apiKey: config.LLM_API_KEY, model: config.LLM_MODEL }
    : null;
  const box = new SecretBox(config.ENCRYPTION_KEY);
  const datasourcesRepo = new DatasourcesRepository(db);
  const sourcesDir = join(config.DATA_DIR, 'sources');
  const answers = new AnswerService(llm, log, clock, options.resultCacheSize, () => sources.warmUp());
  const sources = new SourceResolver(
    datasourcesRepo,
    box,
    {
      allowPrivateHosts: config.ALLOW_PRIVATE_HOSTS,
      sourcesDir,
      demo: config.DEMO ? demoSource(dataset, log) : null,
      // Cached results of a changed or deleted source go with its connector and model.
      onForget: (id) => answers.forgetSource(id),
    },
    log,
  );
  const datasources = new DatasourcesService(
    datasourcesRepo,
    sources,
    box,
    access,
    {
      allowPrivateHosts: config.ALLOW_PRIVATE_HOSTS,
      sourcesDir,
      tmpDir: join(config.DATA_DIR, 'tmp'),
      uploadLimitMb: config.UPLOAD_LIMIT_MB,
    },
    log,
    clock,
  );
  const tenant = new TenantService(users, projectsRepo, datasources);
  return {
    access,
    sessions,
    auth,
    authLinks: new EmailLinkService(users, tokens, sessions, auth, mail, guards, config),
    oidc: new OidcService(config),
    tenant,
    demo: new DemoService(users, projectsRepo, config),
    mail,
    profile: new ProfileService(users, tenant, access, datasources),
    projects: new ProjectsService(projectsRepo, config.PUBLIC_URL),
    answers,
    datasources,
    sources,
    conversations: new ConversationsService(
      new ConversationsRepository(db),
      answers,
      sources,
      access,
      mail,
      config.BRAND_NAME,
      clock,
    ),
  };
}
