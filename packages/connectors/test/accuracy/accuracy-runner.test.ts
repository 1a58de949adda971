import { getDemoModel } from '@parley/engine';
import { runAccuracyCase } from '@parley/testing/accuracy/accuracy-runner';
import { describe, expect, it } from 'vitest';
import { type Connector, ConnectorError, type TQueryResult } from '../../src/connector';

const CONTEXT = { today: '2026-11-20', weekStart: 'monday' as const };

/** A DuckDB-dialect source whose every query fails with `error`, as a broken statement would. */
function failingSource(error: Error): Connector {
  const fail = async (): Promise<TQueryResult> => {
    throw error;
  };
  return {
    type: 'DUCKDB',
    dialect: 'duckdb',
    capabilities: { sql: true, accounts: false, timeout: true },
    test: async () => undefined,
    introspect: async () => ({ tables: [] }) as never,
    query: fail,
    execute: fail,
    listAccounts: async () => [],
    close: async () => undefined,
  };
}

describe('accuracy runner: no question may cause an HTTP 500', () => {
  const model = getDemoModel();
  const c = { phrase: 'revenue by region last month', expected: 'SELECT 1' };

  it('throws when the engine side fails as the server would answer 500 (a broken statement)', async () => {
    const source = failingSource(new ConnectorError('invalid_sql', 'Binder Error: column "x" not found'));
    await expect(runAccuracyCase(source, model, c, CONTEXT)).rejects.toThrow(/would answer HTTP 500/);
  });

  it('fails a question back, known failure or not, when a choice it offers does not answer', async () => {
    const source = failingSource(new ConnectorError('timeout', 'took too long'));
    const vague = { phrase: 'how did we do last month', expected: 'clarify' as const, knownFailure: 'x' };
    await expect(runAccuracyCase(source, model, vague, CONTEXT)).rejects.toThrow(
      /the choice "Revenue last month" error: took too long/,
    );
  });

  it('counts a timeout, which the server answers in words, as an ordinary miss', async () => {
    const source = failingSource(new ConnectorError('timeout', 'took too long'));
    const outcome = await runAccuracyCase(source, model, c, CONTEXT);
    expect(outcome.ok).toBe(false);
    expect(outcome.detail).toMatch(/took too long/);
  });
});
