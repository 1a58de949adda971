import { describe, expect, it } from 'vitest';
import type { TConnectorAccount, TQueryPlan } from '../connector';
import { type TraceContext, traceChannel } from '../trace';
import { SqlConnector, type TRawResult } from './sql-connector';

/** A SQL source whose driver answers one fixed row. */
class OneRow extends SqlConnector {
  readonly type = 'ONE_ROW';
  readonly dialect = 'duckdb' as const;
  protected async run(): Promise<TRawResult> {
    return { columns: [{ name: 'n', type: 'INTEGER' }], rows: [[1]] };
  }
  protected async describeTables() {
    return [];
  }
  async listAccounts(): Promise<TConnectorAccount[]> {
    return [];
  }
  async close(): Promise<void> {}
}

describe('SqlConnector.execute', () => {
  it('is a traced call of connector.execute carrying its plan, refused plans included', async () => {
    const seen: unknown[] = [];
    const handlers = {
      start: (c: TraceContext) => seen.push((c.plan as TQueryPlan).kind),
      end: () => {},
      asyncStart: () => {},
      asyncEnd: (c: TraceContext) => seen.push(c.error ? 'failed' : 'done'),
      error: () => {},
    };
    const channel = traceChannel('connector.execute');
    const options = { timeoutMs: 1_000, maxRows: 10 };
    channel.subscribe(handlers);
    try {
      const result = await new OneRow().execute({ kind: 'sql', sql: 'SELECT 1 AS n', params: [] }, options);
      expect(result.rows).toEqual([{ n: 1 }]);
      const semantic = { kind: 'semantic' } as unknown as TQueryPlan;
      await expect(new OneRow().execute(semantic, options)).rejects.toThrow('runs SQL');
    } finally {
      channel.unsubscribe(handlers);
    }
    expect(seen).toEqual(['sql', 'done', 'semantic', 'failed']);
  });
});
