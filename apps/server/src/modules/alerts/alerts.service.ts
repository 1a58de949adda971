import type { TAlert, TAlertBody, TAlertUpdateBody } from '@parley/contract';
import type { AccessPolicy, Actor } from '../../lib/access';
import { Invalid, NotFound } from '../../lib/errors';
import type { JobQueue } from '../../lib/queue';
import { weekStartFor } from '../../lib/time';
import type { AnswerService } from '../answers/answers.service';
import type { SourceResolver } from '../datasources/source-resolver';
import type { AlertMuteLinks } from './alert-mute';
import { nextCheck } from './alert-schedule';
import type { AlertRow, AlertsRepository } from './alerts.repository';

const NOT_FOUND = 'Alert not found!';
/** The queue's name for one check of one alert. */
export const ALERT_JOB = 'alert-run';
/** The queue's name for the planner's tick (every minute): enqueues due alerts. */
export const ALERT_PLAN_JOB = 'alert-plan';

export interface AlertJobData {
  alertId: string;
}

export interface AlertsDeps {
  repo: AlertsRepository;
  access: AccessPolicy;
  sources: SourceResolver;
  answers: AnswerService;
  queue: JobQueue;
  mute: AlertMuteLinks;
  clock: () => Date;
}

/**
 * Alerts (DESIGN §12): a user's alerts on their cards — list, create (checked against the source's
 * model and the plan's limit), edit, pause, snooze, delete; the schedule's tick and the after-sync
 * runs; the mail's mute link. Another user's alert answers 404.
 */
export class AlertsService {
  constructor(private readonly deps: AlertsDeps) {}

  private require(actor: Actor, need: Parameters<AccessPolicy['requireAccess']>[1] = {}) {
    return this.deps.access.requireAccess(actor, { feature: 'CONVERSATIONS', ...need });
  }

  private next(actor: Actor, schedule: TAlert['schedule'], now: Date): Date | null {
    return nextCheck(schedule, now, actor.timezone ?? 'UTC', weekStartFor(actor.language));
  }

  async list(actor: Actor): Promise<TAlert[]> {
    await this.require(actor);
    return (await this.deps.repo.list(actor.userId, actor.projectId)).map(toAlert);
  }

  /** A new alert on a card: the source must be the actor's, the query must compile on its model. */
  async create(actor: Actor, body: TAlertBody): Promise<TAlert> {
    await this.require(actor, { quota: 'alerts', usage: (await this.deps.repo.countOf(actor.userId)) + 1 });
    const source = await this.deps.sources.resolve(actor, body.datasource_id);
    const why = this.deps.answers.compileError(source, body.query, actor);
    if (why) throw new Invalid(`Invalid field query: ${why}`);
    const now = this.deps.clock();
    const row = await this.deps.repo.insert({
      userId: actor.userId,
      projectId: actor.projectId,
      phrase: body.phrase,
      datasourceId: source.id,
      query: body.query,
      condition: body.condition,
      schedule: body.schedule,
      // Checked at the planner's next tick on its last complete period, so a condition already
      // met is told now, not at the next slot; after that, on the schedule.
      nextRunAt: body.schedule === 'on_sync' ? null : now,
      createdAt: now,
      updatedAt: now,
    });
    return toAlert(row);
  }

  private async get(actor: Actor, id: string): Promise<AlertRow> {
    const row = await this.deps.repo.findById(id);
    await this.require(actor, { resource: row, notFoundMessage: NOT_FOUND });
    return row!;
  }

  /** Changes the fields given; a new schedule is planned from now. */
  async update(actor: Actor, body: TAlertUpdateBody): Promise<TAlert> {
    const row = await this.get(actor, body.id);
    const now = this.deps.clock();
    const updated = await this.deps.repo.update(row.id, {
      ...(body.condition ? { condition: body.condition, state: 'armed' as const } : {}),
      ...(body.schedule ? { schedule: body.schedule, nextRunAt: this.next(actor, body.schedule, now) } : {}),
      ...(body.paused !== undefined ? { paused: body.paused } : {}),
      ...(body.snoozed_until !== undefined
        ? { snoozedUntil: body.snoozed_until === null ? null : new Date(body.snoozed_until) }
        : {}),
      updatedAt: now,
    });
    if (!updated) throw new NotFound(NOT_FOUND);
    return toAlert(updated);
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.get(actor, id);
    await this.deps.repo.delete(id);
  }

  /** The mute link's action: a token we signed pauses its alert. */
  async mute(token: string): Promise<{ phrase: string }> {
    const id = this.deps.mute.verify(token);
    if (!id) throw new Invalid('This mute link is not valid.');
    const row = await this.deps.repo.update(id, { paused: true, updatedAt: this.deps.clock() });
    if (!row) throw new NotFound(NOT_FOUND);
    return { phrase: row.phrase };
  }

  /**
   * The planner's tick: enqueues a run of each due alert (keyed by alert and slot, so two
   * planners enqueue it once) and moves its next run on in the owner's zone. Answers how many.
   */
  async plan(now: Date = this.deps.clock()): Promise<number> {
    let queued = 0;
    for (const due of await this.deps.repo.findDue(now)) {
      const from = due.nextRunAt!;
      const owner = (await this.deps.repo.findWithOwner(due.id))?.owner;
      if (!owner) continue;
      const to = nextCheck(due.schedule, now, owner.timezone ?? 'UTC', weekStartFor(owner.language));
      if (!(await this.deps.repo.advance(due.id, from, to ?? from))) continue;
      const key = `${due.id}:${from.toISOString()}`;
      if (await this.deps.queue.enqueue<AlertJobData>(ALERT_JOB, { alertId: due.id }, { key })) queued++;
    }
    return queued;
  }

  /** After a source synced: a run of each of its on_sync alerts. */
  async afterSync(datasourceId: string): Promise<void> {
    const at = this.deps.clock().toISOString();
    for (const alertId of await this.deps.repo.findOnSync(datasourceId)) {
      await this.deps.queue.enqueue<AlertJobData>(ALERT_JOB, { alertId }, { key: `${alertId}:sync:${at}` });
    }
  }
}

function toAlert(row: AlertRow): TAlert {
  return {
    id: row.id,
    phrase: row.phrase,
    datasource_id: row.datasourceId,
    query: row.query,
    condition: row.condition,
    schedule: row.schedule,
    paused: row.paused,
    snoozed_until: row.snoozedUntil?.toISOString() ?? null,
    last_fired_at: row.lastFiredAt?.toISOString() ?? null,
  };
}
