import { join } from 'node:path';
import { configureDuckDb } from '@parley/connectors';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { AccessPolicy, type QuotaGate } from './lib/access';
import { CaptchaVerifier } from './lib/captcha';
import { createInvalidationBus, type InvalidationBus } from './lib/invalidation';
import type { JobQueue } from './lib/queue';
import { PROCESS_COPY_MS, processCopyMs } from './lib/ttl-cache';
import { mailJob } from './mail/mail.job';
import { MailRepository } from './mail/mail.repository';
import { MailService } from './mail/mail.service';
import type { AlertEvaluator } from './modules/alerts/alert-check';
import type { AlertRunner } from './modules/alerts/alerts.runner';
import type { AlertsService } from './modules/alerts/alerts.service';
import { AnswerService } from './modules/answers/answers.service';
import type { AssistantAccess } from './modules/assistants/assistant-access';
import { chartImageUrl, chartLinkKeys } from './modules/assistants/chart-images';
import type { TeamsEndpoints } from './modules/assistants/teams/bot-connector';
import { AttemptsRepository } from './modules/auth/attempts.repository';
import { attemptsPruneJob } from './modules/auth/attempts-prune.job';
import { AuthService } from './modules/auth/auth.service';
import { EmailLinkService } from './modules/auth/email-link.service';
import { OidcService } from './modules/auth/oidc.service';
import { OidcSignIn } from './modules/auth/oidc-sign-in';
import { SessionsRepository } from './modules/auth/sessions.repository';
import { SessionsService } from './modules/auth/sessions.service';
import { TokensRepository } from './modules/auth/tokens.repository';
import type { BillingWebhooksService } from './modules/billing/billing-webhooks.service';
import type { QuotaService } from './modules/billing/quotas.service';
import type { SubscriptionsService } from './modules/billing/subscriptions.service';
import type { CollectionsService } from './modules/collections/collections.service';
import { ContactRepository } from './modules/contact/contact.repository';
import { ContactService } from './modules/contact/contact.service';
import { ConversationsRepository } from './modules/conversations/conversations.repository';
import { ConversationsService } from './modules/conversations/conversations.service';
import { HistoryWriter } from './modules/conversations/history-writer';
import type { DatasourceOAuthService } from './modules/datasources/datasource-oauth.service';
import type { DatasourcesService } from './modules/datasources/datasources.service';
import type { SourceResolver } from './modules/datasources/source-resolver';
import { DemoService } from './modules/demo/demo.service';
import { type DemoDatasetOptions, demoDatasetPath } from './modules/demo/demo-source';
import type { DigestService } from './modules/digests/digest.service';
import { GuideRepository } from './modules/guide/guide.repository';
import { GuideService } from './modules/guide/guide.service';
import { ModelOverlays } from './modules/models/model-overlays';
import { ModelsRepository } from './modules/models/models.repository';
import type { ModelsService } from './modules/models/models.service';
import type { NotificationsService } from './modules/notifications/notifications.service';
import { ProfileService } from './modules/profile/profile.service';
import { ProjectsRepository } from './modules/projects/projects.repository';
import { ProjectsService } from './modules/projects/projects.service';
import { reportJob, reportPlanJob } from './modules/reports/reports.job';
import { ReportsRepository } from './modules/reports/reports.repository';
import { ReportsService } from './modules/reports/reports.service';
import type { SynonymsService } from './modules/synonyms/synonyms.service';
import { TenantService } from './modules/tenant/tenant.service';
import { UsersRepository } from './modules/users/users.repository';
import type { GoldenChecks } from './modules/verified/golden-checks';
import type { VerifiedService } from './modules/verified/verified.service';
import { buildAlertServices } from './services-alerts';
import { buildBillingServices } from './services-billing';
import { buildCollectionServices } from './services-collections';
import { buildModelServices } from './services-models';
import { buildOAuthServices, type OAuthServices } from './services-oauth';
import { buildSourceServices } from './services-sources';
import { buildTeams, type TeamsChannel } from './services-teams';

/** Every service of the app: built once, used by routes, plugins, jobs, tools and tests. */
export interface Services {
  access: AccessPolicy;
  sessions: SessionsService;
  auth: AuthService;
  authLinks: EmailLinkService;
  oidc: OidcService;
  oidcSignIn: OidcSignIn;
  tenant: TenantService;
  demo: DemoService;
  /** The job queue (jobs/pg-boss.queue.ts): mail and digests go through it. */
  queue: JobQueue;
  mail: MailService;
  profile: ProfileService;
  projects: ProjectsService;
  answers: AnswerService;
  datasources: DatasourcesService;
  /** OAuth data sources (GA4): consent, callback, token refresh, invalid_grant → revoked. */
  datasourceOAuth: DatasourceOAuthService;
  /** Which data source answers a question: connector + model, memoised (modules/datasources). */
  sources: SourceResolver;
  conversations: ConversationsService;
  /** Collection digests: the schedule planner, the digest job, Send now, unsubscribe links. */
  digests: DigestService;
  /** Collections and their cards; the digest module reads them and runs their cards. */
  collections: CollectionsService;
  /** Words a project taught by picking a question back's choice (modules/synonyms). */
  synonyms: SynonymsService;
  /** The owner's model overlay, its versions, YAML and dbt imports (modules/models). */
  models: ModelsService;
  /** The help panel's contact form: stored, mailed to SUPPORT_EMAIL (modules/contact). */
  contact: ContactService;
  /** Plan limits against what the user spent: the app's QuotaGate (modules/billing). */
  quotas: QuotaService;
  /** The plan, the trial and the subscription, its changes and the payment provider (modules/billing). */
  subscriptions: SubscriptionsService;
  /** The payment provider's webhooks: verified, stored, applied by a job (modules/billing). */
  billingWebhooks: BillingWebhooksService;
  /** Intelligence Suite reports: profiles, schedule, Generate, issues, the report job (modules/reports). */
  reports: ReportsService;
  /** Tells every process that something it may have copied changed (lib/invalidation.ts). */
  invalidation: InvalidationBus;
  /** Verified questions of a source, answered first (modules/verified). */
  verified: VerifiedService;
  /** The verified questions re-run as the source's regression suite; the models module's ModelChecks. */
  goldenChecks: GoldenChecks;
  /** The notifications panel (modules/notifications). */
  notifications: NotificationsService;
  /** The user's alerts: the API, the schedule's tick, after-sync runs, mute links (modules/alerts). */
  alerts: AlertsService;
  /** Checks an alert and delivers its notices once per period (modules/alerts). */
  alertRunner: AlertRunner;
  /** The dashboard's Getting started guide and the source that speaks for the user's business. */
  guide: GuideService;
  /** Parley's OAuth authorisation server for assistants (modules/assistants/oauth). */
  oauthServer: OAuthServices['oauthServer'];
  /** The sign-in screen's consent step of an assistant's authorisation request. */
  oauthInteractions: OAuthServices['oauthInteractions'];
  /** Settings → Linked assistants: the user's grants, revoking one. */
  linkedAssistants: OAuthServices['linkedAssistants'];
  /** Checks an assistant's bearer token and names the user it acts for (every channel starts here). */
  assistantAccess: AssistantAccess;
  /** The Microsoft Teams bot (modules/assistants/teams); null without MSBOT_APP_ID. */
  teams: TeamsChannel | null;
}

export interface ServiceOptions {
  /** The demo dataset; defaults to DATA_DIR/demo.duckdb ending DEMO_END_DATE (or today). */
  demoDataset?: DemoDatasetOptions;
  /** How many query results of read-only sources to keep (0: none, as the raw-time benchmark wants). */
  resultCacheSize?: number;
  /** Plan limits; the billing module's gate unless a caller hands another (tools, benchmarks). */
  quotas?: QuotaGate;
  /** The job queue; buildApp and the worker make a PgBossQueue on the app database. */
  queue?: JobQueue;
  /** Cards of one collection answered at once (default 4). */
  collectionConcurrency?: number;
  /** Tests (embedded mode): history is journalled but never stored, like a process that dies right after answering. */
  holdHistory?: boolean;
  /** Tests only: how Client ID Metadata Documents are fetched (a local server instead of https). */
  oauthMetadataFetch?: typeof fetch;
  /** Tests: the Bot Framework stand-in's addresses instead of Microsoft's. */
  teams?: Partial<TeamsEndpoints>;
  /** Tests: the alert evaluator (a double of AlertEvaluator); by default the app's own. */
  alertEvaluator?: AlertEvaluator;
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
  options: ServiceOptions & { queue: JobQueue },
): Services {
  const { db } = database;
  const { queue } = options;
  // Every DuckDB instance this process opens (sources, uploads, copies, the demo) gets these.
  configureDuckDb({ memoryLimit: config.DUCKDB_MEMORY_LIMIT, threads: config.DUCKDB_THREADS });
  // Every short copy below is dropped through it, in this process and (PostgreSQL) all others.
  const invalidation = createInvalidationBus(database, config.DATABASE_URL, log);
  const users = new UsersRepository(db);
  const projectsRepo = new ProjectsRepository(db);
  const { quotas, subscriptions, billingWebhooks } = buildBillingServices(config, database, {
    queue,
    invalidation,
    log,
    clock,
  });
  const access = new AccessPolicy(options.quotas ?? quotas);
  const guards = { attempts: new AttemptsRepository(db), captcha: new CaptchaVerifier(config) };
  const mail = new MailService({ config, repo: new MailRepository(db), log, queue });
  queue.define(mailJob(mail));
  // One process owns a PGlite database; several may share PostgreSQL, so their copies stay fresher.
  const sessions = new SessionsService(new SessionsRepository(db), {
    cacheMs: processCopyMs(database.kind),
    bus: invalidation,
  });
  const tokens = new TokensRepository(db);
  const auth = new AuthService({ users, projects: projectsRepo, sessions, tokens, config, guards });
  queue.define(attemptsPruneJob(auth));
  const oidc = new OidcService(config);
  const dataset = options.demoDataset ?? {
    path: demoDatasetPath(config.DATA_DIR),
    endDate: config.DEMO_END_DATE ?? clock().toISOString().slice(0, 10),
    scale: config.DEMO_SCALE,
  };
  const llm = config.LLM_BASE_URL
    ? { baseUrl: config.LLM_BASE_URL, apiKey: config.LLM_API_KEY, model: config.LLM_MODEL }
    : null;
  const answers = new AnswerService({
    llm,
    log,
    clock,
    cache: { entries: options.resultCacheSize, bytes: config.ANSWER_CACHE_MB * 2 ** 20 },
  });
  const modelsRepo = new ModelsRepository(db);
  const overlays = new ModelOverlays(modelsRepo, invalidation);
  const { datasourcesRepo, sources, datasources, datasourceOAuth, synonyms } = buildSourceServices({
    config,
    database,
    queue,
    invalidation,
    access,
    answers,
    overlays,
    dataset,
    recheckSource: (id) => goldenChecks.recheckSource(id),
    // Built below; a sync only completes once the app is up.
    onSourceSynced: (id) => alerts.afterSync(id),
    log,
    clock,
  });
  const oauth = buildOAuthServices({
    config,
    database,
    queue,
    access,
    log,
    clock,
    metadataFetch: options.oauthMetadataFetch,
  });
  const teams = buildTeams({
    config,
    database,
    access: oauth.assistantAccess,
    chartImageUrl: (actor, questionId) => chartImageUrl(chartLinkKeys(config, clock), actor, questionId),
    // Built below; a turn only runs once the app is up.
    conversations: { query: (actor, body) => conversations.query(actor, body) },
    endpoints: options.teams,
    log,
    clock,
  });
  const { collections, digests } = buildCollectionServices({
    config,
    database,
    queue,
    answers,
    sources,
    access,
    mail,
    digestChannels: teams ? [teams.digests] : [],
    concurrency: options.collectionConcurrency,
    log,
    clock,
  });
  const guide = new GuideService({
    repo: new GuideRepository(db),
    sources: datasourcesRepo,
    access,
    options: { linkedAssistants: (actor) => oauth.linkedAssistants.count(actor) },
    clock,
  });
  const reports = new ReportsService({
    repo: new ReportsRepository(db),
    access,
    sources,
    answers,
    mail,
    queue,
    options: {
      brand: config.BRAND_NAME,
      publicUrl: config.PUBLIC_URL,
      cooldownExempt: config.REPORT_COOLDOWN_EXEMPT,
      llm,
    },
    log,
    clock,
  });
  queue.define(reportJob(reports));
  queue.define(reportPlanJob(reports));
  const tenant = new TenantService({ users, projects: projectsRepo, datasources, quotas });
  const conversationsRepo = new ConversationsRepository(db);
  const { verified, notifications, goldenChecks, models } = buildModelServices({
    database,
    modelsRepo,
    overlays,
    answers,
    sources,
    access,
    invalidation,
    log,
    clock,
  });
  const { alerts, alertRunner } = buildAlertServices({
    config,
    database,
    queue,
    access,
    sources,
    answers,
    notifications,
    mail,
    evaluator: options.alertEvaluator,
    channels: teams ? [teams.alerts] : [],
    log,
    clock,
  });
  const conversations = new ConversationsService({
    repo: conversationsRepo,
    answers,
    sources,
    access,
    mail,
    brand: config.BRAND_NAME,
    clock,
    synonyms,
    history: new HistoryWriter({
      repo: conversationsRepo,
      journalDir: join(config.DATA_DIR, 'journal'),
      log,
      // Server mode: a web process's disk may not outlive it, so history is committed before answering.
      durability: config.embedded ? 'journal' : 'database',
      hold: options.holdHistory,
    }),
    // One process owns PGlite: its copy of a follow-up context never goes stale there.
    contextMs: database.kind === 'pglite' ? 10 * 60_000 : PROCESS_COPY_MS.shared,
    verified: (actor, source) => verified.index(actor, source),
  });
  return {
    access,
    sessions,
    auth,
    authLinks: new EmailLinkService({ users, tokens, sessions, auth, mail, guards, config }),
    oidc,
    oidcSignIn: new OidcSignIn({ oidc, auth, sessions, config }),
    tenant,
    demo: new DemoService(users, projectsRepo, config),
    queue,
    mail,
    profile: new ProfileService({ users, tenant, access, datasources, sessions, subscriptions }),
    projects: new ProjectsService(projectsRepo, config.PUBLIC_URL),
    answers,
    datasources,
    datasourceOAuth,
    sources,
    collections,
    digests,
    conversations,
    synonyms,
    models,
    contact: new ContactService({
      repo: new ContactRepository(db),
      access,
      mail,
      supportEmail: config.SUPPORT_EMAIL ?? null,
      brand: config.BRAND_NAME,
      log,
      clock,
    }),
    quotas,
    subscriptions,
    billingWebhooks,
    reports,
    invalidation,
    verified,
    goldenChecks,
    notifications,
    alerts,
    alertRunner,
    guide,
    ...oauth,
    teams,
  };
}
