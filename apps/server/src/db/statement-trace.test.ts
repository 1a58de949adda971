import { type TraceContext, traceChannel } from '@parley/connectors';
import { testDatabaseUrl } from '@parley/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteThread } from './pglite-thread';
import { TracedPgClient } from './traced-pg-client';

/** What a subscriber to appdb.statement sees while `run` runs: each statement's text and outcome. */
async function seenDuring(run: () => Promise<unknown>): Promise<unknown[]> {
  const seen: unknown[] = [];
  const handlers = {
    start: (c: TraceContext) => seen.push(c.sql),
    end: () => {},
    asyncStart: () => {},
    asyncEnd: (c: TraceContext) => seen.push(c.error ? 'failed' : 'done'),
    error: () => {},
  };
  const channel = traceChannel('appdb.statement');
  channel.subscribe(handlers);
  try {
    await run();
  } finally {
    channel.unsubscribe(handlers);
  }
  return seen;
}

describe('appdb.statement on PGlite (its thread client)', () => {
  let lite: PGliteThread;
  beforeAll(async () => {
    lite = new PGliteThread(null);
    await lite.waitReady;
  });
  afterAll(() => lite.close());

  it('tells a subscriber the text of each statement, in a transaction or not, and how it ended', async () => {
    const seen = await seenDuring(async () => {
      await lite.query('SELECT 1');
      await lite.transaction((tx) => tx.exec('SELECT 2'));
      await expect(lite.query('SELECT nothing FROM nowhere')).rejects.toThrow();
    });
    expect(seen).toEqual(['SELECT 1', 'done', 'SELECT 2', 'done', 'SELECT nothing FROM nowhere', 'failed']);
  });
});

const url = testDatabaseUrl();

describe.skipIf(!url)('appdb.statement on PostgreSQL (TracedPgClient)', () => {
  let pool: pg.Pool;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: url!, max: 2, Client: TracedPgClient });
  });
  afterAll(() => pool.end());

  it("answers as pg's client does, unobserved", async () => {
    const { rows } = await pool.query('SELECT $1::int + 1 AS n', [41]);
    expect(rows).toEqual([{ n: 42 }]);
  });

  it("times the pool's queries (a callback inside pg) and a checked-out client's, with their results", async () => {
    let rows: unknown[] = [];
    const seen = await seenDuring(async () => {
      rows = (await pool.query('SELECT $1::int AS n', [7])).rows;
      const client = await pool.connect();
      try {
        await client.query({ text: 'SELECT 2 AS n' });
      } finally {
        client.release();
      }
    });
    expect(rows).toEqual([{ n: 7 }]);
    expect(seen).toEqual(['SELECT $1::int AS n', 'done', 'SELECT 2 AS n', 'done']);
  });

  it("hands PostgreSQL's error to the caller and to the subscriber", async () => {
    let code: unknown;
    const seen = await seenDuring(() =>
      pool.query('SELECT nothing FROM nowhere').catch((error: { code?: string }) => {
        code = error.code;
      }),
    );
    expect(code).toBe('42P01');
    expect(seen).toEqual(['SELECT nothing FROM nowhere', 'failed']);
  });
});
