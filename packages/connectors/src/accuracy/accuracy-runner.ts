/**
 * Runs an accuracy dev set: each phrase is parsed, compiled and executed, and its rows are
 * compared with those of a hand-written SQL query on the same database (or the case expects
 * a clarification). Returns per-case outcomes so tests can report accuracy.
 */
import { compileQuery, parseQuestion, type TSemanticModel, type TWeekStart } from '@parley/engine';
import type { Connector, TQueryValue } from '../connector';

export interface TAccuracyCase {
  phrase: string;
  /** Hand-written SQL whose rows must equal the engine's, column for column; 'clarify' expects a question back. */
  expected: string | 'clarify';
  /** Compare row order too (rankings, time series). */
  ordered?: boolean;
}

export interface TAccuracyOutcome {
  phrase: string;
  ok: boolean;
  detail: string;
}

const OPTIONS = { timeoutMs: 20_000, maxRows: 5_000 };

function cell(v: TQueryValue): string {
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : v.toPrecision(8);
  return v === null ? 'null' : String(v);
}

function rowsOf(rows: Record<string, TQueryValue>[]): string[] {
  return rows.map((r) => Object.values(r).map(cell).join(' | '));
}

export async function runAccuracy(
  connector: Connector,
  model: TSemanticModel,
  cases: TAccuracyCase[],
  context: { today: string; weekStart: TWeekStart },
): Promise<TAccuracyOutcome[]> {
  const outcomes: TAccuracyOutcome[] = [];
  for (const c of cases) {
    const parsed = parseQuestion(c.phrase, { model, today: context.today, weekStart: context.weekStart });
    if (c.expected === 'clarify') {
      outcomes.push({
        phrase: c.phrase,
        ok: parsed.kind === 'clarify',
        detail: parsed.kind === 'query' ? parsed.understood : '',
      });
      continue;
    }
    if (parsed.kind === 'clarify') {
      outcomes.push({ phrase: c.phrase, ok: false, detail: `clarify: ${parsed.text}` });
      continue;
    }
    try {
      const compiled = compileQuery(parsed.query, model, { dialect: 'duckdb', ...context });
      const got = await connector.query(compiled.sql, compiled.params, OPTIONS);
      const want = await connector.query(c.expected, [], OPTIONS);
      let a = rowsOf(got.rows);
      let b = rowsOf(want.rows);
      if (!c.ordered) {
        a = [...a].sort();
        b = [...b].sort();
      }
      const ok = a.length === b.length && a.every((x, i) => x === b[i]);
      outcomes.push({
        phrase: c.phrase,
        ok,
        detail: ok
          ? ''
          : `${parsed.understood}\n  got  ${a.slice(0, 3).join(' ; ')} (${a.length})\n  want ${b.slice(0, 3).join(' ; ')} (${b.length})`,
      });
    } catch (error) {
      outcomes.push({ phrase: c.phrase, ok: false, detail: `error: ${(error as Error).message}` });
    }
  }
  return outcomes;
}

export function summarise(name: string, outcomes: TAccuracyOutcome[]): { accuracy: number; report: string } {
  const passed = outcomes.filter((o) => o.ok).length;
  const accuracy = passed / outcomes.length;
  const failures = outcomes.filter((o) => !o.ok).map((o) => `✗ ${o.phrase}\n  ${o.detail}`);
  return {
    accuracy,
    report: `${name}: ${passed}/${outcomes.length} (${(accuracy * 100).toFixed(1)} %)\n${failures.join('\n')}`,
  };
}
