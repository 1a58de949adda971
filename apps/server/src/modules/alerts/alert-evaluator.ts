/**
 * The alert evaluator (issue 34): one alert's condition on its last complete period, read from
 * its source as its owner (their sources, zone and week start). It reads data only; claims, state
 * and delivery are the runner's. It never throws for the source's sake: a failure is `failed`.
 */
import type { TAlertCondition, TCard, TComparison, TSemanticQuery } from '@parley/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../lib/access';
import { dateIn, weekStartFor } from '../../lib/time';
import type { AnswerService, AnswerSource } from '../answers/answers.service';
import type { SourceResolver } from '../datasources/source-resolver';
import type {
  AlertCheck,
  AlertDefinition,
  AlertEvaluator,
  AlertGroupHit,
  AlertPeriod,
  AlertSeriesPoint,
} from './alert-check';
import { type AlertReading, meetsCondition, meetsForecast, percentChange } from './alert-eval-conditions';
import { readForecast, readRecentSeries } from './alert-eval-forecast';
import {
  type AlertDay,
  alertTimeField,
  compileFor,
  failureReason,
  periodQuery,
  readingsOf,
  runCompiled,
} from './alert-eval-query';
import { lastCompletePeriod, periodUnit, type ResolvedAlertPeriod } from './alert-periods';
import { explainChange } from './alert-why';

/** What the evaluator is built with: the app's answer path and source resolution. */
export interface AlertEvaluatorDeps {
  /** Builds the fired period's card, as the conversation screen would show it. */
  answers: Pick<AnswerService, 'answerQuery'>;
  /** Resolves the alert's source as its owner (another user's source is not found: `failed`). */
  sources: Pick<SourceResolver, 'resolve'>;
  /** Where an unexpected failure is logged (its message never reaches the notice). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/** The comparison a condition reads: change's `against`, else the period before. */
function comparisonOf(condition: TAlertCondition): TComparison {
  return condition.against === 'same_period_last_year' ? 'previous_year' : 'previous_period';
}

/** A reading as the notice's group line. */
function groupHit(r: AlertReading): AlertGroupHit {
  return {
    name: r.name ?? '',
    value: r.value ?? 0,
    previous: r.previous,
    change: percentChange(r.value, r.previous),
  };
}

/** Strongest first: the largest move for a change, the largest value otherwise. */
function byStrength(condition: TAlertCondition) {
  const size = (r: AlertReading) =>
    condition.kind === 'change'
      ? Math.abs((r.value ?? 0) - (r.previous ?? 0))
      : condition.op === 'below'
        ? -(r.value ?? 0)
        : (r.value ?? 0);
  return (a: AlertReading, b: AlertReading) =>
    size(b) - size(a) || (a.name ?? '').localeCompare(b.name ?? '');
}

/** A judged period without its unit, as the check carries it. */
const asPeriod = ({ key, from, to, label }: ResolvedAlertPeriod): AlertPeriod => ({ key, from, to, label });

export class AlertEvaluatorImpl implements AlertEvaluator {
  constructor(private readonly deps: AlertEvaluatorDeps) {}

  /** The alert's condition on its last complete period at `now` in the owner's zone. */
  async check(alert: AlertDefinition, actor: Actor, now: Date): Promise<AlertCheck> {
    const weekStart = weekStartFor(actor.language);
    const period = lastCompletePeriod(
      periodUnit(alert.schedule, alert.query),
      now,
      actor.timezone,
      weekStart,
    );
    const day: AlertDay = { today: dateIn(actor.timezone, now), weekStart };
    try {
      const source = await this.deps.sources.resolve(actor, alert.datasourceId);
      const field = alertTimeField(alert.query, source);
      if (!field) return { status: 'not_ready', reason: 'The card has no date to judge periods by.' };
      return alert.condition.kind === 'outside_forecast'
        ? await this.checkForecast({ alert, actor, source, field, period, day })
        : await this.checkValues({ alert, actor, source, field, period, day });
    } catch (error) {
      const reason = failureReason(error);
      this.deps.log?.warn({ err: error, alert: alert.id, period: period.key }, 'alert check failed');
      return { status: 'failed', reason };
    }
  }

  /** threshold and change: every group of the card judged on the period against its comparison. */
  private async checkValues(c: Checked): Promise<AlertCheck> {
    const { alert, source, field, period, day } = c;
    const compare = comparisonOf(alert.condition);
    const query = periodQuery(alert.query, field, period, compare);
    const compiled = compileFor(source, query, day);
    const { rows } = await runCompiled(source, compiled);
    const readings = readingsOf(rows, query, compiled, source);
    if (readings.length === 0 || readings.every((r) => r.value === null))
      return { status: 'not_ready', reason: `There is no data for ${period.label}.` };
    const grouped = alert.query.dimensions.length > 0;
    const hits = readings.filter((r) => meetsCondition(alert.condition, r)).sort(byStrength(alert.condition));
    const lead = grouped ? (hits[0] ?? null) : readings[0];
    if (hits.length === 0) return { status: 'clear', period: asPeriod(period), value: lead?.value ?? null };
    const why = await explainChange(source, query, compare, day);
    const card = await this.cardOf(c, query);
    if (!card) return { status: 'failed', reason: 'The alert’s card could not be built.' };
    return {
      status: 'met',
      period: asPeriod(period),
      value: lead?.value ?? null,
      previous: lead?.previous ?? null,
      change: lead ? percentChange(lead.value, lead.previous) : null,
      groups: grouped ? hits.map(groupHit) : [],
      why,
      series: await this.recentSeries(c),
      card,
    };
  }

  /** outside_forecast: the whole measure (groups are not forecast one by one) against its expected band. */
  private async checkForecast(c: Checked): Promise<AlertCheck> {
    const { alert, source, field, period, day } = c;
    const band = alert.condition.band ?? 1;
    const read = await readForecast(source, alert.query, field, period, day, band);
    if (read.kind === 'not_ready') return { status: 'not_ready', reason: read.reason };
    if (!meetsForecast(read.value, read.forecast, band))
      return { status: 'clear', period: asPeriod(period), value: read.value };
    const compare = comparisonOf(alert.condition);
    const total: TSemanticQuery = { ...alert.query, dimensions: [] };
    const query = periodQuery(total, field, period, compare);
    const why = await explainChange(source, query, compare, day);
    const card = await this.cardOf(c, query);
    if (!card) return { status: 'failed', reason: 'The alert’s card could not be built.' };
    const previous = read.series.length > 1 ? read.series[read.series.length - 2].value : null;
    return {
      status: 'met',
      period: asPeriod(period),
      value: read.value,
      previous,
      change: percentChange(read.value, previous),
      groups: [],
      why,
      series: read.series,
      card,
    };
  }

  /** The measure's recent series for the notice's chart; a chart that cannot be read is left out, not a failure. */
  private async recentSeries({ alert, source, field, period, day }: Checked): Promise<AlertSeriesPoint[]> {
    try {
      return await readRecentSeries(source, alert.query, field, period, day);
    } catch (error) {
      this.deps.log?.warn({ err: error, alert: alert.id }, 'alert series could not be read');
      return [];
    }
  }

  /** The period's card through the answer path (its source chip, language and insights). */
  private async cardOf({ alert, actor, source }: Checked, query: TSemanticQuery): Promise<TCard | null> {
    const result = await this.deps.answers.answerQuery(source, query, alert.phrase, {
      timezone: actor.timezone,
      language: actor.language,
    });
    return result.responses[0]?.card ?? null;
  }
}

/** One check's inputs, passed between its steps. */
interface Checked {
  alert: AlertDefinition;
  actor: Actor;
  source: AnswerSource;
  field: string;
  period: ResolvedAlertPeriod;
  day: AlertDay;
}
