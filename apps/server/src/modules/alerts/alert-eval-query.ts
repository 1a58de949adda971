/**
 * The alert's card query set to one period and run on its source (issue 34). Compiled here with
 * the engine, as the answer path compiles a card's query, so each check reads the rows themselves
 * rather than a card's presentation of them.
 */
import {
  ConnectorError,
  DEFAULT_QUERY_OPTIONS,
  planOf,
  type TQueryResult,
  type TSourceCompiledQuery,
} from '@parley/connectors';
import type { TComparison, TSemanticQuery } from '@parley/contract';
import {
  compileQuery,
  findMeasureTime,
  findTimeDimension,
  getDimension,
  ModelError,
  previousKey,
  type TWeekStart,
} from '@parley/engine';
import { DomainError } from '../../lib/errors';
import type { AnswerSource } from '../answers/answers.service';
import type { AlertReading } from './alert-eval-conditions';
import { periodRange, type ResolvedAlertPeriod } from './alert-periods';

/** What a compile needs besides the query: the reader's day and week start. */
export interface AlertDay {
  today: string;
  weekStart: TWeekStart;
}

/** The date the alert's periods are cut by: the card's own, else the measure's, else the model's first. */
export function alertTimeField(query: TSemanticQuery, source: AnswerSource): string | null {
  const { model } = source;
  if (query.timeDimension && findTimeDimension(model, query.timeDimension.field))
    return query.timeDimension.field;
  const own = findMeasureTime(model, query.measures[0]);
  return own?.name ?? model.timeDimensions[0]?.name ?? null;
}

/**
 * The card's query over exactly `period`, against `compare`: no time buckets (one value per group),
 * no limit or order (every group is judged), no analysis; its measures, groups and filters kept.
 */
export function periodQuery(
  query: TSemanticQuery,
  field: string,
  period: ResolvedAlertPeriod,
  compare: TComparison | undefined,
): TSemanticQuery {
  const { measures, dimensions, filters, aggregations, arithmetic } = query;
  return {
    measures,
    dimensions,
    filters,
    ...(aggregations ? { aggregations } : {}),
    ...(arithmetic ? { arithmetic } : {}),
    timeDimension: { field, range: periodRange(period) },
    ...(compare ? { compare } : {}),
  };
}

/** Compiles `query` for the source: its SQL dialect, or an API source's own request. */
export function compileFor(source: AnswerSource, query: TSemanticQuery, day: AlertDay): TSourceCompiledQuery {
  const { connector, model } = source;
  if (connector.dialect) {
    return { kind: 'sql', ...compileQuery(query, model, { dialect: connector.dialect, ...day }) };
  }
  if (!connector.compileApi) throw new ModelError(`${connector.type} cannot answer alerts`);
  return connector.compileApi(query, model, day);
}

/** Runs a compiled query on its source. */
export function runCompiled(source: AnswerSource, compiled: TSourceCompiledQuery): Promise<TQueryResult> {
  return source.connector.execute(planOf(compiled), DEFAULT_QUERY_OPTIONS);
}

const toNumber = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};

/** Each row's first measure and its comparison, named by its groups ("EMEA · Web"). */
export function readingsOf(
  rows: Record<string, unknown>[],
  query: TSemanticQuery,
  compiled: TSourceCompiledQuery,
  source: AnswerSource,
): AlertReading[] {
  // The compiled columns: a named aggregation ("median revenue") is keyed by its own label.
  const measure = compiled.columns.find((c) => c.kind === 'measure');
  if (!measure) return [];
  const groups = query.dimensions.map((d) => getDimension(source.model, d).label);
  return rows.map((r) => ({
    name: groups.length > 0 ? groups.map((g) => String(r[g] ?? '–')).join(' · ') : null,
    value: toNumber(r[measure.key]),
    previous: query.compare ? toNumber(r[previousKey(measure.key)]) : null,
  }));
}

/**
 * What a failed check says: the source's or the model's own sentence where it is safe to show,
 * else a plain one (a driver's raw error can carry hosts or SQL, which never reach a notice).
 */
export function failureReason(error: unknown): string {
  if (error instanceof DomainError || error instanceof ModelError) return error.message;
  if (error instanceof ConnectorError) {
    if (error.failure) return error.message;
    switch (error.code) {
      case 'revoked':
        return 'Access to this data source was revoked. Connect it again on the Data sources screen.';
      case 'timeout':
        return 'The data source took too long to answer.';
      case 'unreachable':
      case 'invalid_config':
      case 'forbidden_host':
        return 'The data source could not be reached. Check its connection and try again.';
      default:
        return 'The data source could not answer the alert’s query.';
    }
  }
  return 'The alert’s query failed on the data source.';
}
