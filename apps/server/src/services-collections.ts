import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { AccessPolicy } from './lib/access';
import type { JobQueue } from './lib/queue';
import type { MailService } from './mail/mail.service';
import type { AnswerService } from './modules/answers/answers.service';
import { CollectionsRepository } from './modules/collections/collections.repository';
import { CollectionsService } from './modules/collections/collections.service';
import type { SourceResolver } from './modules/datasources/source-resolver';
import { digestJob, digestPlanJob } from './modules/digests/digest.job';
import { DigestRepository } from './modules/digests/digest.repository';
import { DigestService } from './modules/digests/digest.service';
import type { DigestChannel } from './modules/digests/digest-channel';

/** Collections and the digests that mail them; a saved collection's digest schedule follows it. */
export function buildCollectionServices(deps: {
  config: Config;
  database: Database;
  queue: JobQueue;
  answers: AnswerService;
  sources: SourceResolver;
  access: AccessPolicy;
  mail: MailService;
  /** Where digests also go after their mail (linked Teams chats). */
  digestChannels?: readonly DigestChannel[];
  concurrency?: number;
  log: FastifyBaseLogger;
  clock: () => Date;
}) {
  const { config, database, queue, answers, sources, access, mail, log, clock } = deps;
  const collections = new CollectionsService({
    repo: new CollectionsRepository(database.db),
    answers,
    sources,
    access,
    log,
    clock,
    concurrency: deps.concurrency,
  });
  const digests = new DigestService({
    repo: new DigestRepository(database.db),
    collections,
    mail,
    queue,
    options: { brand: config.BRAND_NAME, publicUrl: config.PUBLIC_URL, secret: config.SESSION_SECRET },
    channels: deps.digestChannels,
    log,
    clock,
  });
  // A saved or deleted collection's schedule follows at once; the planner's tick catches time-zone changes.
  collections.onChange((change) => digests.replan(change.collectionId));
  queue.define(digestJob(digests));
  queue.define(digestPlanJob(digests));
  return { collections, digests };
}
