import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { AccessPolicy } from './lib/access';
import { SecretBox } from './lib/crypto';
import type { InvalidationBus } from './lib/invalidation';
import type { JobQueue } from './lib/queue';
import { processCopyMs } from './lib/ttl-cache';
import type { AnswerService } from './modules/answers/answers.service';
import { DatasourceOAuthService } from './modules/datasources/datasource-oauth.service';
import { datasourceSyncJob, datasourceSyncTickJob } from './modules/datasources/datasource-sync.job';
import { DatasourcesRepository } from './modules/datasources/datasources.repository';
import { DatasourcesService } from './modules/datasources/datasources.service';
import { SourceFiles } from './modules/datasources/source-files';
import { SourceFilesRepository } from './modules/datasources/source-files.repository';
import { SourceResolver } from './modules/datasources/source-resolver';
import { SourceSync } from './modules/datasources/source-sync';
import { type DemoDatasetOptions, demoSource } from './modules/demo/demo-source';
import type { ModelOverlays } from './modules/models/model-overlays';
import { SynonymsRepository } from './modules/synonyms/synonyms.repository';
import { SynonymsService } from './modules/synonyms/synonyms.service';

export interface SourceServicesDeps {
  config: Config;
  database: Database;
  queue: JobQueue;
  invalidation: InvalidationBus;
  access: AccessPolicy;
  answers: AnswerService;
  overlays: ModelOverlays;
  dataset: DemoDatasetOptions;
  /** After a sync: the source's verified questions are checked again (the model services come later). */
  recheckSource: (id: string) => Promise<void>;
  /** After a copied source synced (on_sync alerts). */
  onSourceSynced?: (id: string) => Promise<void>;
  log: FastifyBaseLogger;
  clock: () => Date;
}

/**
 * Everything about the user's data sources: the screen's service, the resolver every answer asks
 * for a connector and model, OAuth grants, copies and their sync, and the words a project taught.
 */
export function buildSourceServices(deps: SourceServicesDeps) {
  const { config, database, queue, invalidation, access, answers, overlays, log, clock } = deps;
  const box = new SecretBox(config.ENCRYPTION_KEY);
  const repo = new DatasourcesRepository(database.db, {
    copyMs: processCopyMs(database.kind),
    bus: invalidation,
  });
  const sourcesDir = join(config.DATA_DIR, 'sources');
  // Server mode: uploads and API copies are kept in PostgreSQL; the files under sourcesDir are caches.
  const files = config.embedded
    ? null
    : new SourceFiles({ repo: new SourceFilesRepository(database.db), sourcesDir, log });
  const synonyms = new SynonymsService({
    repo: new SynonymsRepository(database.db),
    access,
    clock,
    bus: invalidation,
    resolve: (actor, id) => sources.resolve(actor, id),
  });
  const datasourceOAuth = new DatasourceOAuthService({ config, repo, box, access, log, clock });
  const sources: SourceResolver = new SourceResolver({
    repo,
    box,
    log,
    allowPrivateHosts: config.ALLOW_PRIVATE_HOSTS,
    sourcesDir,
    demo: config.DEMO ? demoSource(deps.dataset, log) : null,
    // Cached results of a changed or deleted source go with its connector and model.
    onForget: (id) => answers.forgetSource(id),
    // Every question's model carries its owner's model edits, then the words its project taught.
    refine: (actor, source) => overlays.refine(actor, source),
    teach: (actor, source) => synonyms.teach(actor, source),
    // OAuth sources (GA4) get their Bearer tokens, refreshed, from the OAuth service.
    tokens: datasourceOAuth,
    apiUrls: { GA4_DATA_API_URL: config.GA4_DATA_API_URL, GA4_ADMIN_API_URL: config.GA4_ADMIN_API_URL },
    localCopy: files ? (row) => files.ensureLocal(row) : undefined,
    bus: invalidation,
  });
  // A reconnected or revoked grant: the source's connector, model and cached answers go.
  datasourceOAuth.onGrantChanged((id) => sources.forget(id));
  const syncs = new SourceSync({
    repo,
    resolver: sources,
    sourcesDir,
    queue,
    files,
    onSynced: deps.onSourceSynced,
    log,
    clock,
  });
  const datasources = new DatasourcesService({
    repo,
    resolver: sources,
    syncs,
    box,
    access,
    options: {
      allowPrivateHosts: config.ALLOW_PRIVATE_HOSTS,
      sourcesDir,
      tmpDir: join(config.DATA_DIR, 'tmp'),
      uploadLimitMb: config.UPLOAD_LIMIT_MB,
      onDeleted: (ids) => synonyms.forgetSources(ids),
      files,
    },
    log,
    clock,
  });
  queue.define(datasourceSyncJob(syncs, invalidation, deps.recheckSource));
  queue.define(datasourceSyncTickJob(syncs));
  return { datasourcesRepo: repo, sources, datasources, datasourceOAuth, synonyms };
}
