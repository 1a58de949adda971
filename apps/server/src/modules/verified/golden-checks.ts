import { createHash } from 'node:crypto';
import { APP_VERSION, type TBrokenCheck, type TCard, type TSemanticQuery } from '@parley/contract';
import {
  assertNever,
  findDimension,
  findMeasure,
  findTimeDimension,
  type TSemanticModel,
} from '@parley/engine';
import type { FastifyBaseLogger } from 'fastify';
import { type BrokenReason, serverTexts } from '../../i18n';
import { type Actor, actorOf } from '../../lib/access';
import { UpstreamFailed } from '../../lib/errors';
import type { AnswerService, AnswerSource } from '../answers/answers.service';
import type { SourceResolver } from '../datasources/source-resolver';
import type { NotificationsService } from '../notifications/notifications.service';
import type { VerifiedRepository, VerifiedRow } from './verified.repository';
import type { VerifiedService } from './verified.service';
import { plainText } from './verified.service';
import { canonicalJson } from './verified-index';

/** What the model editor's save asks of the golden checks. */
export interface ModelChecks {
  /** The verified questions `source.model` would break; nothing is stored (the save's impact preview). */
  impact(actor: Actor, source: AnswerSource): Promise<TBrokenCheck[]>;
  /** Checks the source's verified questions against its current model and stores the outcome. */
  recheck(actor: Actor, sourceKey: string): Promise<void>;
}

export interface GoldenChecksDeps {
  repo: VerifiedRepository;
  verified: VerifiedService;
  answers: AnswerService;
  sources: SourceResolver;
  notifications: NotificationsService;
  log: FastifyBaseLogger;
  clock: () => Date;
}

type Outcome = { ok: true } | { ok: false; reason: BrokenReason };

/**
 * The golden checks: a source's verified questions double as its regression suite. Each is
 * compiled against the model and run; it is broken when it no longer compiles, errors, or its
 * card's columns differ from the shape it was pinned with. A question that turns broken tells
 * its owner once (a notification); one that is fixed is ok again.
 */
export class GoldenChecks implements ModelChecks {
  constructor(private readonly deps: GoldenChecksDeps) {}

  async impact(actor: Actor, source: AnswerSource): Promise<TBrokenCheck[]> {
    const texts = serverTexts(actor.language).notifications;
    const broken: TBrokenCheck[] = [];
    for (const row of await this.deps.repo.list(actor, source.id)) {
      const outcome = await this.check(actor, source, row);
      if (!outcome.ok)
        broken.push({ id: row.id, phrase: row.phrases[0]!, reason: reasonText(texts, outcome.reason) });
    }
    return broken;
  }

  async recheck(actor: Actor, sourceKey: string): Promise<void> {
    const rows = await this.deps.repo.list(actor, sourceKey);
    if (rows.length === 0) return;
    const source = await this.deps.sources.resolve(actor, sourceKey);
    const texts = serverTexts(actor.language).notifications;
    const version = modelVersion(source.model);
    let changed = false;
    for (const row of rows) {
      const outcome = await this.check(actor, source, row);
      const reason = outcome.ok ? null : reasonText(texts, outcome.reason);
      const stored = await this.deps.repo.setStatus(row.id, {
        broken: !outcome.ok,
        reason,
        checkedAt: this.deps.clock(),
      });
      changed ||= stored.changed;
      if (stored.turnedBroken && reason !== null) {
        const phrase = row.phrases[0]!;
        await this.deps.notifications.add({
          userId: actor.userId,
          kind: 'verified_broken',
          title: texts.verifiedBroken.title(phrase),
          text: texts.verifiedBroken.text(phrase, reason),
          link: `/user/datasources/${sourceKey}/model`,
          // Once per question and checked model, however many processes check it.
          dedupeKey: `verified:${row.id}:${version}`,
        });
      }
    }
    // A broken question no longer answers first (and a fixed one does again).
    if (changed) await this.deps.verified.changed(actor, sourceKey);
  }

  /** Rechecks every owner's verified questions of a source (after its sync), or of every source with null. */
  async recheckSource(sourceKey: string | null): Promise<void> {
    for (const owner of await this.deps.repo.owners(sourceKey)) {
      await this.recheck(actorOf(owner), owner.sourceKey).catch((err: unknown) =>
        this.deps.log.warn({ err, datasource: owner.sourceKey }, 'golden checks could not run'),
      );
    }
  }

  /** At start-up: the first process of a new app version rechecks every verified question. */
  async afterUpgrade(version: string = APP_VERSION): Promise<boolean> {
    if (!(await this.deps.repo.claimVersion(version))) return false;
    await this.recheckSource(null);
    return true;
  }

  /** One verified question against the source's model: compiled, run, its columns compared. */
  private async check(actor: Actor, source: AnswerSource, row: VerifiedRow): Promise<Outcome> {
    const missing = missingField(source.model, row.query);
    if (missing) return { ok: false, reason: missing };
    const why = this.deps.answers.compileError(source, row.query, actor);
    if (why) return { ok: false, reason: { kind: 'compile', message: why } };
    let card: TCard;
    try {
      const result = await this.deps.answers.answerQuery(source, row.query, row.phrases[0]!, actor);
      const answered = result.responses.find((r) => r.card)?.card;
      const text = result.responses[0]?.text ?? 'no answer';
      if (!answered) return { ok: false, reason: { kind: 'failed', message: plainText(text) } };
      card = answered;
    } catch (error) {
      // An unreachable source says nothing about the question: no verdict, nothing stored.
      if (error instanceof UpstreamFailed) throw error;
      return { ok: false, reason: { kind: 'failed', message: (error as Error).message } };
    }
    const keys = card.columns.map((c) => c.key);
    const added = keys.filter((k) => !row.shape.includes(k));
    const removed = row.shape.filter((k) => !keys.includes(k));
    if (added.length + removed.length > 0) return { ok: false, reason: { kind: 'columns', added, removed } };
    return { ok: true };
  }
}

/** The first field of the query the model no longer has, or null. */
function missingField(model: TSemanticModel, query: TSemanticQuery): BrokenReason | null {
  // Measures the query computes itself (arithmetic) are not the model's.
  const computed = new Set((query.arithmetic ?? []).map((a) => a.name));
  const measures = [
    ...query.measures.filter((m) => !computed.has(m)),
    ...(query.arithmetic ?? []).flatMap((a) => [a.left, a.right]),
  ];
  const measure = measures.find((m) => !computed.has(m) && !findMeasure(model, m));
  if (measure) return { kind: 'missing', field: 'measure', name: measure };
  const dimension = query.dimensions.find((d) => !findDimension(model, d));
  if (dimension) return { kind: 'missing', field: 'dimension', name: dimension };
  const time = query.timeDimension?.field;
  if (time && !findTimeDimension(model, time)) return { kind: 'missing', field: 'time', name: time };
  const filter = query.filters.find(
    (f) => !findDimension(model, f.field) && !findMeasure(model, f.field) && !computed.has(f.field),
  );
  return filter ? { kind: 'missing', field: 'filter', name: filter.field } : null;
}

/** A reason in the owner's words. */
function reasonText(texts: ReturnType<typeof serverTexts>['notifications'], reason: BrokenReason): string {
  switch (reason.kind) {
    case 'missing':
      return texts.reason.missing(reason);
    case 'compile':
      return texts.reason.compile(reason);
    case 'failed':
      return texts.reason.failed(reason);
    case 'columns':
      return texts.reason.columns(reason);
    default:
      return assertNever(reason);
  }
}

/** A short fingerprint of the model checked: the same model breaking a question again is the same notice. */
function modelVersion(model: TSemanticModel): string {
  return createHash('sha256').update(canonicalJson(model)).digest('hex').slice(0, 16);
}
