import { describe, expect, it } from 'vitest';
import { type TraceContext, traceChannel, traced } from './trace';

describe('traced', () => {
  it('returns the run’s result without subscribers', async () => {
    await expect(traced('answer.query', {}, async () => 42)).resolves.toBe(42);
  });

  it('tells a subscriber when a call starts and ends, with its context and result', async () => {
    const seen: string[] = [];
    const handlers = {
      start: (c: TraceContext) => seen.push(`start ${c.sql}`),
      end: () => {},
      asyncStart: () => {},
      // asyncEnd closes every call, a failed one too (after its error event).
      asyncEnd: (c: TraceContext) => seen.push(c.error ? 'end' : `end ${c.result}`),
      error: (c: TraceContext) => seen.push(`error ${(c.error as Error).message}`),
    };
    const channel = traceChannel('appdb.statement');
    channel.subscribe(handlers);
    try {
      await traced('appdb.statement', { sql: 'select 1' }, async () => 'one');
      await expect(
        traced('appdb.statement', { sql: 'select 2' }, async () => {
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
    } finally {
      channel.unsubscribe(handlers);
    }
    expect(seen).toEqual(['start select 1', 'end one', 'start select 2', 'error boom', 'end']);
  });
});
