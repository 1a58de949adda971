import type { AlertSchedule, TAlertCondition, TCard, TSemanticQuery } from '@parley/contract';
import type { Actor } from '../../lib/access';

/**
 * What an alert's check answers (issue 34): the runner (alerts.runner / jobs) asks the evaluator
 * whether one alert's condition is met on its last complete period, and delivers once per
 * (alert, period). The evaluator reads data; the runner owns claims, state and delivery.
 */
export interface AlertDefinition {
  id: string;
  userId: string;
  projectId: string;
  phrase: string;
  datasourceId: string;
  query: TSemanticQuery;
  condition: TAlertCondition;
  schedule: AlertSchedule;
}

/** The complete period a check judged (never a partial one); `key` names it for claims. */
export interface AlertPeriod {
  key: string;
  from: string;
  to: string;
  /** "last week", "November 2026": how the notice names it. */
  label: string;
}

/** A group of a grouped card that meets the condition. */
export interface AlertGroupHit {
  name: string;
  value: number;
  previous: number | null;
  /** Percent change against `previous`, when there is one. */
  change: number | null;
}

/** The why: a dimension's largest contributions to the change (the engine's drivers analysis). */
export interface AlertWhy {
  dimension: string;
  label: string;
  items: { name: string; change: number }[];
}

/** The series the notice draws (with the forecast band for outside_forecast). */
export interface AlertSeriesPoint {
  at: string;
  value: number | null;
  low?: number;
  high?: number;
}

export type AlertCheck =
  | {
      status: 'met';
      period: AlertPeriod;
      value: number | null;
      previous: number | null;
      change: number | null;
      /** Grouped cards: the groups that meet it (empty otherwise). */
      groups: AlertGroupHit[];
      why: AlertWhy[];
      series: AlertSeriesPoint[];
      /** The card of the period, as the conversation screen would show it. */
      card: TCard;
    }
  | { status: 'clear'; period: AlertPeriod; value: number | null }
  /** Not enough complete history yet, or nothing to judge: no notice, no state change. */
  | { status: 'not_ready'; reason: string }
  /** The source failed (unreachable, revoked, a query error): one failure notice, not one per run. */
  | { status: 'failed'; reason: string };

export interface AlertEvaluator {
  check(alert: AlertDefinition, actor: Actor, now: Date): Promise<AlertCheck>;
}
