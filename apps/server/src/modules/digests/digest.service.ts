import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Actor, actorOf } from '../../lib/access';
import { DomainError, Invalid, NotFound } from '../../lib/errors';
import type { JobInfo, JobQueue } from '../../lib/queue';
import { weekStartFor } from '../../lib/time';
import { safeEqual } from '../../lib/tokens';
import { renderChartPng } from '../../mail/chart-image';
import type { MailService } from '../../mail/mail.service';
import type { CollectionsService } from '../collections/collections.service';
import type { DigestPlanInput, DigestRepository } from './digest.repository';
import type { DigestChannel, DigestDelivery } from './digest-channel';
import { type ChartPainter, digestMail } from './digest-mail';
import { latestSlot, nextSlot, periodFrequency, periodKey } from './digest-schedule';

/** The queue's name for one collection's digest of one period. */
export const DIGEST_JOB = 'collection-digest';
/** The queue's name for the planner's tick (every minute). */
export const DIGEST_PLAN_JOB = 'collection-digest-plan';

/** A digest job: the collection and the period it stands for ("day:2026-10-26", "now:<uuid>"). */
export interface DigestJobData {
  collectionId: string;
  period: string;
}

/** Charts drawn on the server (ECharts SSR → resvg PNG); a chart that fails leaves its card without one. */
function pngPainter(log: FastifyBaseLogger): ChartPainter {
  return (option, size) => {
    try {
      return renderChartPng(option, size);
    } catch (err) {
      log.warn({ err }, 'digest chart could not be drawn');
      return null;
    }
  };
}

export interface DigestOptions {
  brand: string;
  publicUrl: string;
  /** Signs unsubscribe links (derived from SESSION_SECRET). */
  secret: string;
}

/** What the digest service is built from (services.ts). */
export interface DigestDeps {
  repo: DigestRepository;
  collections: CollectionsService;
  mail: MailService;
  queue: JobQueue;
  options: DigestOptions;
  log: FastifyBaseLogger;
  clock: () => Date;
  /** Draws the cards' charts; by default on the server as PNGs. */
  paint?: ChartPainter;
  /** Where a digest also goes after its mail (linked Teams chats); none by default. */
  channels?: readonly DigestChannel[];
}

/**
 * Collection digests (DESIGN §7, §11): plans each collection's schedule, enqueues what is due,
 * and builds and queues the mail — exactly once per collection and period, however many
 * processes plan and work (a unique (collection, period) row is written before anything is sent).
 * "Send now" is the same job for a period of its own.
 */
export class DigestService {
  private readonly key: Buffer;
  private readonly paint: ChartPainter;

  constructor(private readonly deps: DigestDeps) {
    this.key = createHmac('sha256', deps.options.secret).update('parley/digest-unsubscribe').digest();
    this.paint = deps.paint ?? pngPainter(deps.log);
  }

  /**
   * POST /features/collection/digest ("Send now"): the same mail the schedule sends, queued. The
   * collections service checks access and that the collection is the actor's (404 otherwise).
   */
  async sendNow(actor: Actor, collectionId: string): Promise<void> {
    await this.deps.collections.get(actor, collectionId);
    await this.deps.queue.enqueue<DigestJobData>(DIGEST_JOB, { collectionId, period: `now:${randomUUID()}` });
  }

  /** Plans one collection's schedule again after it was saved (its frequency), or drops it. */
  async replan(collectionId: string): Promise<void> {
    const input = await this.deps.repo.findPlanInput(collectionId);
    if (!input) await this.deps.repo.deleteSchedule(collectionId);
    else await this.planOne(input, this.deps.clock());
  }

  private async planOne(input: DigestPlanInput, now: Date): Promise<void> {
    const weekStart = weekStartFor(input.language);
    const next = nextSlot(input.frequency, now, input.timezone, weekStart);
    await this.deps.repo.upsertSchedule({ ...input, weekStart }, next.at, now);
  }

  /**
   * The planner's tick (every minute, DIGEST_PLAN_JOB): plans schedules that are new or whose
   * frequency, owner's time zone or week start changed, then enqueues every due digest keyed by
   * (collection, period) and moves its schedule to the next slot. A digest missed while no
   * process ran goes out once, for the latest period. Answers how many digests it enqueued.
   */
  async plan(now: Date = this.deps.clock()): Promise<number> {
    await this.deps.repo.deleteStaleSchedules();
    for (const input of await this.deps.repo.findUnplanned()) await this.planOne(input, now);
    let queued = 0;
    for (const due of await this.deps.repo.findDue(now)) {
      const slot = latestSlot(due.frequency, now, due.timezone, due.weekStart);
      const period = periodKey(due.frequency, slot.date);
      const data: DigestJobData = { collectionId: due.collectionId, period };
      if (await this.deps.queue.enqueue(DIGEST_JOB, data, { key: `${due.collectionId}:${period}` })) queued++;
      const next = nextSlot(due.frequency, now, due.timezone, due.weekStart);
      await this.deps.repo.advance(due.collectionId, due.nextAt, next.at, now);
    }
    return queued;
  }

  /**
   * The digest job: claims the (collection, period) row, then runs every card through the
   * collections service as the owner, renders the mail and queues it (keyed, so a retry after a
   * crash queues it once). A job that finds the period claimed by another job sends nothing.
   */
  async run(data: DigestJobData, job: JobInfo): Promise<void> {
    const owner = await this.deps.repo.findOwner(data.collectionId);
    const manual = data.period.startsWith('now:');
    if (!owner || (!manual && !owner.frequency)) return;
    const claim = await this.deps.repo.claim(owner.collectionId, data.period, job.id, this.deps.clock());
    if (claim.jobId !== job.id || claim.sentAt) {
      this.deps.log.info(
        { collection: owner.collectionId, period: data.period },
        'digest already sent for this period',
      );
      return;
    }
    const actor = actorOf(owner);
    let collection: Awaited<ReturnType<CollectionsService['get']>>;
    let responses: Awaited<ReturnType<CollectionsService['query']>>['responses'];
    try {
      collection = await this.deps.collections.get(actor, owner.collectionId);
      ({ responses } = await this.deps.collections.query(actor, { collection_id: owner.collectionId }));
    } catch (err) {
      // The owner lost the feature or the collection: nothing to send, nothing to retry.
      if (!(err instanceof DomainError)) throw err;
      this.deps.log.warn({ collection: owner.collectionId, err: err.message }, 'digest not sent');
      return;
    }
    const previous = await this.deps.repo.findLastSent(owner.collectionId, claim.id);
    const openUrl = `${this.deps.options.publicUrl}/collection/${owner.collectionId}`;
    const mail = digestMail({
      brand: this.deps.options.brand,
      collectionName: collection.name,
      frequency: periodFrequency(data.period) ?? collection.notification_frequency,
      language: owner.language,
      responses,
      layout: collection.layout,
      previous: previous?.summary ?? null,
      openUrl,
      unsubscribeUrl: this.unsubscribeUrl(owner.collectionId),
      paint: this.paint,
    });
    await this.deps.mail.enqueue(
      {
        to: owner.email,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: mail.attachments,
      },
      { key: `digest:${claim.id}` },
    );
    await this.deliver({
      userId: owner.userId,
      collectionName: collection.name,
      responses,
      openUrl,
      language: owner.language,
    });
    await this.deps.repo.markSent(claim.id, mail.summary, this.deps.clock());
  }

  /** The digest through every other channel; one that fails is logged, the others still go. */
  private async deliver(digest: DigestDelivery): Promise<void> {
    for (const channel of this.deps.channels ?? []) {
      try {
        await channel.deliver(digest);
      } catch (err) {
        this.deps.log.warn({ err, channel: channel.name }, 'digest not delivered to a channel');
      }
    }
  }

  /** The link in every digest that switches it off without signing in. */
  unsubscribeUrl(collectionId: string): string {
    return `${this.deps.options.publicUrl}/features/collection/unsubscribe?token=${collectionId}.${this.sign(collectionId)}`;
  }

  private sign(collectionId: string): string {
    return createHmac('sha256', this.key).update(collectionId).digest('base64url');
  }

  /**
   * The unsubscribe link's action: a valid signature switches the collection's digest off.
   * Invalid for a token we did not sign, NotFound for a collection that is gone.
   */
  async unsubscribe(token: string): Promise<{ collectionName: string; language: string }> {
    const parts = token.split('.');
    const [id = '', signature = ''] = parts;
    if (parts.length !== 2 || !/^[0-9a-f-]{36}$/i.test(id) || !safeEqual(signature, this.sign(id))) {
      throw new Invalid('This unsubscribe link is not valid.');
    }
    const owner = await this.deps.repo.findOwner(id);
    const name = owner ? await this.deps.repo.switchOff(id, this.deps.clock()) : null;
    if (!owner || name === null) throw new NotFound('This collection no longer exists.');
    return { collectionName: name, language: owner.language };
  }

  /** The digests of a collection so far (tests, support). */
  listSends(collectionId: string) {
    return this.deps.repo.listSends(collectionId);
  }
}
