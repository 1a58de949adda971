/**
 * The worker side of PGliteThread (pglite-thread.ts): one PGlite instance on its own thread, so
 * PostgreSQL's WASM work (parsing, planning, executing, writing pages) stays off the thread that
 * answers HTTP requests.
 *
 * Plain JavaScript on purpose: a worker gets no TypeScript loader under every runner (vitest does
 * not pass tsx to workers), and this file only forwards calls.
 *
 * Every request is started as it arrives, exactly as the same calls on an in-process PGlite would
 * be: PGlite's own locks order them (a plain query waits for an open transaction), so this thread
 * adds no ordering of its own.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const db = new PGlite(workerData.dir ?? undefined);
/** Open transactions by the id of the request that began them. */
const transactions = new Map();
/** Thrown into a transaction's callback so that PGlite rolls it back. */
const ROLLBACK = Symbol('rollback');

/** The parsers of a query's options: the listed types stay as PostgreSQL's text. */
function options(message) {
  if (!message.text) return message.rowMode ? { rowMode: message.rowMode } : undefined;
  const parsers = {};
  for (const oid of message.text) parsers[oid] = (value) => value;
  return { rowMode: message.rowMode, parsers };
}

/** An error as plain data: PostgreSQL's fields (code, detail, constraint…) survive the crossing. */
function plain(error) {
  const out = { message: String(error?.message ?? error), name: error?.name ?? 'Error' };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      // The query's own options hold functions (its parsers), which cannot cross threads.
      if (key !== 'queryOptions' && typeof value !== 'function') out[key] = value;
    }
  }
  return out;
}

function target(message) {
  if (message.tx === undefined) return db;
  const open = transactions.get(message.tx);
  if (!open) throw new Error('the transaction has ended');
  return open.tx;
}

async function handle(message) {
  switch (message.op) {
    case 'ready':
      await db.waitReady;
      return null;
    case 'query':
      return await target(message).query(message.sql, message.params, options(message));
    case 'exec':
      return await target(message).exec(message.sql, options(message));
    case 'begin':
      return await new Promise((began, failed) => {
        db.transaction(
          (tx) =>
            new Promise((commit, rollback) => {
              transactions.set(message.id, { tx, commit, rollback });
              began(message.id);
            }),
        ).then(
          () => transactions.get(message.id)?.ended.resolve(),
          (error) => {
            const open = transactions.get(message.id);
            if (open?.ended) open.ended.resolve(error === ROLLBACK ? null : error);
            else failed(error);
          },
        );
      });
    case 'end': {
      const open = transactions.get(message.tx);
      if (!open) throw new Error('the transaction has ended');
      const ended = new Promise((resolve) => {
        open.ended = { resolve };
      });
      if (message.commit) open.commit();
      else open.rollback(ROLLBACK);
      const error = await ended;
      transactions.delete(message.tx);
      if (error) throw error;
      return null;
    }
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`unknown request ${message.op}`);
  }
}

parentPort.on('message', (message) => {
  handle(message).then(
    (result) => parentPort.postMessage({ id: message.id, result }),
    (error) => parentPort.postMessage({ id: message.id, error: plain(error) }),
  );
});
