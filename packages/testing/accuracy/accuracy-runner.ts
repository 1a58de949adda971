/**
 * Runs an accuracy dev set: each phrase is parsed, compiled and executed, its card is built, and
 * the card's table is compared with the rows of a hand-written SQL query on the same database
 * (or the case expects a clarification). Returns per-case outcomes so tests can report accuracy.
 */
import { type Connector, ConnectorError, type TQueryValue } from '@parley/connectors';
import type { TSemanticQuery } from '@parley/contract';
import {
  buildCard,
  compileQuery,
  ModelError,
  parseQuestion,
  type TSemanticModel,
  type TWeekStart,
} from '@parley/engine';

export interface TAccuracyCase {
  phrase: string;
  /** Hand-written SQL whose rows must equal the engine's, column for column; 'clarify' expects a question back. */
  expected: string | 'clarify';
  /** Compare row order too (rankings, time series). */
  ordered?: boolean;
  /** Why the engine is known to answer this one wrongly; the test expects it to fail. */
  knownFailure?: string;
  /** A question back that must not say it understood anything (a vague request, nonsense). */
  understoodNothing?: boolean;
}

export interface TAccuracyOutcome {
  phrase: string;
  ok: boolean;
  detail: string;
}

export interface TAccuracyContext {
  today: string;
  weekStart: TWeekStart;
  /** The user's UI language ('tr'): the tie-break when the question's language is unclear. */
  language?: string;
}

const OPTIONS = { timeoutMs: 20_000, maxRows: 5_000 };

function cell(v: TQueryValue | undefined): string {
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : v.toPrecision(8);
  return v === null || v === undefined ? 'null' : String(v);
}

function rowsOf(rows: TQueryValue[][]): string[] {
  return rows.map((r) => r.map(cell).join(' | '));
}

/** Runs one case: the card's numbers against the hand-written SQL's rows. */
export async function runAccuracyCase(
  connector: Connector,
  model: TSemanticModel,
  c: TAccuracyCase,
  context: TAccuracyContext,
): Promise<TAccuracyOutcome> {
  const parsed = parseQuestion(c.phrase, parseOptions(connector, model, context));
  // Every choice of a question back is a question the user may click: it must answer.
  if (parsed.kind === 'clarify') await checkChoices(connector, model, parsed.prompt.items, context);
  if (c.expected === 'clarify') {
    const claimed = parsed.kind === 'clarify' && c.understoodNothing && parsed.understood !== null;
    return {
      phrase: c.phrase,
      ok: parsed.kind === 'clarify' && !claimed,
      detail: parsed.kind === 'query' ? parsed.understood : claimed ? `claims: ${parsed.text}` : '',
    };
  }
  if (parsed.kind === 'clarify') return { phrase: c.phrase, ok: false, detail: `clarify: ${parsed.text}` };
  try {
    const { compiled, card } = await answerLikeTheServer(connector, model, parsed.query, context);
    const want = await connector.query(c.expected, [], OPTIONS);
    let a = rowsOf(card.table.map((row) => compiled.columns.map((col) => row[col.key] as TQueryValue)));
    let b = rowsOf(want.rows.map((row) => Object.values(row)));
    if (!c.ordered) {
      a = [...a].sort();
      b = [...b].sort();
    }
    const ok = a.length === b.length && a.every((x, i) => x === b[i]);
    return {
      phrase: c.phrase,
      ok,
      detail: ok
        ? ''
        : `${parsed.understood}\n  got  ${a.slice(0, 3).join(' ; ')} (${a.length})\n  want ${b.slice(0, 3).join(' ; ')} (${b.length})`,
    };
  } catch (error) {
    if (error instanceof ServerError) throw error;
    return { phrase: c.phrase, ok: false, detail: `error: ${(error as Error).message}` };
  }
}

/** The parser's options for a source: the runner's context and the dialect its answers compile for. */
function parseOptions(connector: Connector, model: TSemanticModel, context: TAccuracyContext) {
  return {
    model,
    today: context.today,
    weekStart: context.weekStart,
    dialect: connector.dialect ?? 'duckdb',
    language: context.language,
  };
}

/**
 * Asks each choice of a question back as the user would by clicking it: it must give a card — no
 * further question back, no error. A choice that does not is thrown, so the case's test fails
 * whether or not the case is a known failure.
 */
async function checkChoices(
  connector: Connector,
  model: TSemanticModel,
  choices: string[],
  context: TAccuracyContext,
): Promise<void> {
  for (const choice of choices) {
    const parsed = parseQuestion(choice, parseOptions(connector, model, context));
    let why = parsed.kind === 'clarify' ? `asks back: ${parsed.text}` : '';
    if (parsed.kind === 'query') {
      try {
        await answerLikeTheServer(connector, model, parsed.query, context);
      } catch (error) {
        why = `error: ${(error as Error).message}`;
      }
    }
    if (why) throw new ChoiceError(`the choice "${choice}" ${why}`);
  }
}

/** A choice of a question back that does not answer. */
class ChoiceError extends Error {}

/**
 * What the server's answer path does with a parsed query: compile, run, build the card. An error
 * the server answers in words (the model cannot answer it, the source refused or timed out) is
 * an ordinary miss; any other would be an HTTP 500, which no question may cause: it is thrown,
 * so the case's test fails whether or not the case is a known failure.
 */
async function answerLikeTheServer(
  connector: Connector,
  model: TSemanticModel,
  query: TSemanticQuery,
  context: TAccuracyContext,
) {
  try {
    const { language: _, ...dates } = context;
    const compiled = compileQuery(query, model, { dialect: connector.dialect ?? 'duckdb', ...dates });
    const got = await connector.query(compiled.sql, compiled.params, OPTIONS);
    const card = buildCard({
      query,
      model,
      compiled,
      rows: got.rows,
      readAt: `${context.today}T00:00:00.000Z`,
    });
    return { compiled, card };
  } catch (error) {
    const answeredInWords =
      error instanceof ModelError ||
      (error instanceof ConnectorError && (error.code === 'refused' || error.code === 'timeout'));
    if (answeredInWords) throw error;
    throw new ServerError(`would answer HTTP 500: ${(error as Error).message}`);
  }
}

/** An answer-path failure the server would turn into a 500. */
class ServerError extends Error {}

export async function runAccuracy(
  connector: Connector,
  model: TSemanticModel,
  cases: TAccuracyCase[],
  context: TAccuracyContext,
): Promise<TAccuracyOutcome[]> {
  const outcomes: TAccuracyOutcome[] = [];
  for (const c of cases) outcomes.push(await runAccuracyCase(connector, model, c, context));
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
