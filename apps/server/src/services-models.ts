import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client';
import type { AccessPolicy } from './lib/access';
import type { InvalidationBus } from './lib/invalidation';
import { processCopyMs } from './lib/ttl-cache';
import type { AnswerService } from './modules/answers/answers.service';
import type { SourceResolver } from './modules/datasources/source-resolver';
import type { ModelOverlays } from './modules/models/model-overlays';
import type { ModelsRepository } from './modules/models/models.repository';
import { ModelsService } from './modules/models/models.service';
import { NotificationsRepository } from './modules/notifications/notifications.repository';
import { NotificationsService } from './modules/notifications/notifications.service';
import { GoldenChecks } from './modules/verified/golden-checks';
import { VerifiedRepository } from './modules/verified/verified.repository';
import { VerifiedService } from './modules/verified/verified.service';

/**
 * What answers from the owner's model: verified questions, their golden checks (which the models
 * service asks before a save) and the notifications a broken one sends.
 */
export function buildModelServices(deps: {
  database: Database;
  modelsRepo: ModelsRepository;
  overlays: ModelOverlays;
  answers: AnswerService;
  sources: SourceResolver;
  access: AccessPolicy;
  invalidation: InvalidationBus;
  log: FastifyBaseLogger;
  clock: () => Date;
}) {
  const { database, modelsRepo, overlays, answers, sources, access, invalidation, log, clock } = deps;
  const repo = new VerifiedRepository(database.db);
  const verified = new VerifiedService({
    repo,
    answers,
    sources,
    access,
    bus: invalidation,
    clock,
    copyMs: processCopyMs(database.kind),
  });
  const notifications = new NotificationsService(new NotificationsRepository(database.db), access, clock);
  const goldenChecks = new GoldenChecks({ repo, verified, answers, sources, notifications, log, clock });
  const models = new ModelsService({
    repo: modelsRepo,
    overlays,
    sources,
    answers,
    access,
    bus: invalidation,
    log,
    clock,
    checks: goldenChecks,
  });
  return { verified, notifications, goldenChecks, models };
}
