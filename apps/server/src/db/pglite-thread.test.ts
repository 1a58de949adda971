import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { types } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteThread } from './pglite-thread';

const notes = pgTable('notes', { id: integer('id').primaryKey(), body: text('body').notNull() });

describe('PGliteThread', () => {
  let lite: PGliteThread;
  beforeAll(async () => {
    lite = new PGliteThread(null);
    await lite.waitReady;
    await lite.exec(
      `CREATE TABLE notes (id integer PRIMARY KEY, body text NOT NULL);
       CREATE TABLE stamps (at timestamptz NOT NULL, doc jsonb, n int8)`,
    );
  });
  afterAll(() => lite.close());

  it('answers rows, fields and counts, with bound values, as in-process PGlite does', async () => {
    const inserted = await lite.query('INSERT INTO notes VALUES ($1, $2), ($3, $4)', [1, 'one', 2, 'two']);
    expect(inserted.affectedRows).toBe(2);
    const rows = await lite.query<{ id: number; body: string }>(
      'SELECT * FROM notes WHERE id >= $1 ORDER BY id',
      [1],
    );
    expect(rows.rows).toEqual([
      { id: 1, body: 'one' },
      { id: 2, body: 'two' },
    ]);
    expect(rows.fields.map((f) => f.name)).toEqual(['id', 'body']);
    const arrays = await lite.query('SELECT id, body FROM notes ORDER BY id', [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([
      [1, 'one'],
      [2, 'two'],
    ]);
  });

  it('parses values in the thread (dates, JSON) and keeps as text the types a parser keeps', async () => {
    await lite.query(`INSERT INTO stamps VALUES ('2026-11-23T10:00:00Z', '{"a":[1,2]}', 9007199254740993)`);
    const parsed = await lite.query<{ at: Date; doc: unknown }>('SELECT at, doc FROM stamps');
    expect(parsed.rows[0]!.at).toBeInstanceOf(Date);
    expect(parsed.rows[0]!.at.toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(parsed.rows[0]!.doc).toEqual({ a: [1, 2] });
    const text = await lite.query<{ at: string }>('SELECT at FROM stamps', [], {
      parsers: { [types.TIMESTAMPTZ]: (value) => value },
    });
    expect(text.rows[0]!.at).toBe('2026-11-23 10:00:00+00');
  });

  it('refuses a parser that would be lost on the way, instead of dropping it', async () => {
    await expect(
      lite.query('SELECT 1', [], { parsers: { [types.INT4]: (value) => Number(value) * 2 } }),
    ).rejects.toThrow(/does more than keep the text/);
  });

  it("passes PostgreSQL's error fields across (code, constraint, detail)", async () => {
    const error = await lite.query('INSERT INTO notes VALUES (1, $1)', ['again']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      code: '23505',
      constraint: 'notes_pkey',
      detail: 'Key (id)=(1) already exists.',
    });
    // The thread is still serving after a refused statement.
    expect((await lite.query('SELECT count(*)::int AS n FROM notes')).rows).toEqual([{ n: 2 }]);
  });

  it('commits a transaction whose callback resolves and rolls back one that throws', async () => {
    await lite.transaction(async (tx) => {
      await tx.query('INSERT INTO notes VALUES (10, $1)', ['kept']);
    });
    await expect(
      lite.transaction(async (tx) => {
        await tx.query('INSERT INTO notes VALUES (11, $1)', ['dropped']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const ids = await lite.query<{ id: number }>('SELECT id FROM notes WHERE id >= 10 ORDER BY id');
    expect(ids.rows.map((r) => r.id)).toEqual([10]);
  });

  it('makes a statement sent outside an open transaction wait for it, as PGlite does in-process', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tx = lite.transaction(async (t) => {
      await t.query('INSERT INTO notes VALUES (20, $1)', ['inside']);
      await held;
      order.push('commit');
    });
    // Let the transaction begin and insert first.
    await new Promise((r) => setTimeout(r, 50));
    const outside = lite
      .query<{ n: number }>('SELECT count(*)::int AS n FROM notes WHERE id = 20')
      .then((r) => {
        order.push('outside');
        return r.rows[0]!.n;
      });
    await new Promise((r) => setTimeout(r, 50));
    expect(order).toEqual([]);
    release();
    await tx;
    expect(await outside).toBe(1);
    expect(order).toEqual(['commit', 'outside']);
  });

  it('refuses a transaction handle used after its transaction ended', async () => {
    let kept: Parameters<Parameters<PGliteThread['transaction']>[0]>[0] | null = null;
    await lite.transaction(async (tx) => {
      kept = tx;
    });
    await expect(kept!.query('SELECT 1')).rejects.toThrow('the transaction has ended');
  });

  it("carries drizzle's queries, transactions and savepoints", async () => {
    const db = drizzle(lite as never);
    await db.insert(notes).values({ id: 30, body: 'drizzle' });
    await db.transaction(async (tx) => {
      await tx.update(notes).set({ body: 'outer' }).where(eq(notes.id, 30));
      await tx
        .transaction(async (inner) => {
          await inner.update(notes).set({ body: 'inner' }).where(eq(notes.id, 30));
          throw new Error('undo the inner part');
        })
        .catch(() => undefined);
    });
    expect(await db.select().from(notes).where(eq(notes.id, 30))).toEqual([{ id: 30, body: 'outer' }]);
    const [{ now }] = (await db.execute(sql`SELECT now()::timestamptz AS now`)).rows as { now: unknown }[];
    // drizzle keeps timestamps as PostgreSQL's text.
    expect(typeof now).toBe('string');
  });
});

describe('PGliteThread lifetime', () => {
  it('keeps its files across a close and a new thread on the same folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-pglite-thread-'));
    try {
      const first = new PGliteThread(dir);
      await first.exec('CREATE TABLE kept (v text); INSERT INTO kept VALUES ($$still here$$)');
      await first.close();
      await expect(first.query('SELECT 1')).rejects.toThrow('the database is closed');
      const second = new PGliteThread(dir);
      expect((await second.query('SELECT v FROM kept')).rows).toEqual([{ v: 'still here' }]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails waiting and later calls when its thread dies, and says so once (not on close)', async () => {
    const lite = new PGliteThread(null);
    await lite.waitReady;
    const lost: Error[] = [];
    lite.onLost((error) => lost.push(error));
    const waiting = lite.query('SELECT pg_sleep(5)');
    await new Promise((r) => setTimeout(r, 100));
    // What an out-of-memory or a WASM abort does to the thread.
    await (lite as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await expect(waiting).rejects.toThrow(/the database thread exited/);
    await expect(lite.query('SELECT 1')).rejects.toThrow(/the database thread exited/);
    expect(lost.map((e) => e.message)).toEqual([expect.stringMatching(/the database thread exited/)]);

    const closed = new PGliteThread(null);
    const heard: Error[] = [];
    closed.onLost((error) => heard.push(error));
    await closed.close();
    expect(heard).toEqual([]);
  });

  it("reports a transaction callback's own error when the thread dies under it", async () => {
    const lite = new PGliteThread(null);
    const kill = (lite as unknown as { worker: { terminate(): Promise<number> } }).worker;
    const attempt = lite.transaction(async (tx) => {
      await tx.query('SELECT 1');
      await kill.terminate();
      throw new Error('the reason worth reading');
    });
    await expect(attempt).rejects.toThrow('the reason worth reading');
  });

  it('does not hold a process open once nothing waits on it', () => {
    // A process that queries and never closes must still end by itself, as with in-process PGlite.
    const dir = mkdtempSync(join(tmpdir(), 'parley-pglite-exit-'));
    const script = join(dir, 'open-and-leave.mts');
    writeFileSync(
      script,
      `import { PGliteThread } from ${JSON.stringify(new URL('./pglite-thread.ts', import.meta.url).pathname)};
       const lite = new PGliteThread(null);
       const r = await lite.query('SELECT 41 + 1 AS n');
       console.log(r.rows[0].n);`,
    );
    const child = spawnSync(process.execPath, ['--import', 'tsx', script], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    rmSync(dir, { recursive: true, force: true });
    expect(child.error).toBeUndefined();
    expect(child.stdout.trim()).toBe('42');
    expect(child.status).toBe(0);
  });
});
