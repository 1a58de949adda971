import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConnectorError, DuckDbConnector, ensureDemoDataset } from '@parley/connectors';
import { getDemoModel } from '@parley/engine';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AnswerService, type AnswerSource } from './answers.service';

// The same file the connectors' accuracy suites generate (end date, scale and generator version).
const END = '2026-11-20';
const PATH = join(tmpdir(), `parley-test-demo-v1-${END}-0.25.duckdb`);
const log = { warn: () => {}, error: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
const context = { timezone: 'UTC', language: 'en-US', previous: null };

/** The result cache under concurrency: one run per key, however many ask at once. */
describe('AnswerService: the result cache under concurrency', () => {
  let connector: DuckDbConnector;
  let source: AnswerSource;
  beforeAll(async () => {
    await ensureDemoDataset({ path: PATH, endDate: END, scale: 0.25 });
    connector = new DuckDbConnector({ type: 'DUCKDB', path: PATH });
    source = { id: 'demo', account: null, connector, model: getDemoModel(), immutable: true };
  }, 120_000);
  afterAll(async () => {
    await connector?.close();
  });
  const service = () => new AnswerService({ llm: null, log, clock: () => new Date(`${END}T12:00:00Z`) });

  it('runs a query once for 50 askers arriving together, and all get the same card', async () => {
    const answers = service();
    const execute = vi.spyOn(connector, 'execute');
    const results = await Promise.all(
      Array.from({ length: 50 }, () => answers.ask(source, 'revenue by region last month', context)),
    );
    expect(execute).toHaveBeenCalledTimes(1);
    const tables = results.map((r) => JSON.stringify(r.responses[0]?.card?.table));
    expect(tables[0]).toContain('EMEA');
    expect(new Set(tables).size).toBe(1);
    // Later askers are served from the kept result; another question is its own key.
    await answers.ask(source, 'revenue by region last month', context);
    expect(execute).toHaveBeenCalledTimes(1);
    await Promise.all([
      answers.ask(source, 'orders by channel last month', context),
      answers.ask(source, 'orders by channel last month', context),
    ]);
    expect(execute).toHaveBeenCalledTimes(2);
    execute.mockRestore();
  });

  it('lets a failed run go: the next asker runs the query again', async () => {
    const answers = service();
    const execute = vi.spyOn(connector, 'execute').mockRejectedValueOnce(new Error('connection reset'));
    const failed = await Promise.allSettled(
      Array.from({ length: 5 }, () => answers.ask(source, 'revenue by channel last month', context)),
    );
    expect(failed.every((r) => r.status === 'rejected')).toBe(true);
    expect(execute).toHaveBeenCalledTimes(1);
    const ok = await answers.ask(source, 'revenue by channel last month', context);
    expect(ok.responses[0]?.card?.table.length).toBeGreaterThan(0);
    expect(execute).toHaveBeenCalledTimes(2);
    execute.mockRestore();
  });

  it('runs every ask when the cache is off (the raw-time benchmark), still one run per key at a time', async () => {
    const answers = new AnswerService({
      llm: null,
      log,
      clock: () => new Date(`${END}T12:00:00Z`),
      cache: { entries: 0 },
    });
    const execute = vi.spyOn(connector, 'execute');
    await Promise.all(Array.from({ length: 10 }, () => answers.ask(source, 'orders last month', context)));
    expect(execute).toHaveBeenCalledTimes(1);
    await answers.ask(source, 'orders last month', context);
    expect(execute).toHaveBeenCalledTimes(2);
    execute.mockRestore();
  });

  it('builds the card of a repeated question once, per reader, and nobody can change the shared one', async () => {
    let now = new Date(`${END}T12:00:00Z`);
    const answers = new AnswerService({ llm: null, log, clock: () => now });
    const first = (await answers.ask(source, 'revenue by region last month', context)).responses[0]!.card!;
    now = new Date(`${END}T12:05:00Z`);
    const again = (await answers.ask(source, 'Revenue by region last month', context)).responses[0]!.card!;
    // Another phrase of the same query on the same result: the card built at 12:00, when its data was read.
    expect(again).toBe(first);
    expect(again.date).toBe(`${END}T12:00:00.000Z`);
    expect(Object.isFrozen(first.table[0])).toBe(true);
    expect(() => first.insights.push('changed')).toThrow(TypeError);
    // Another reader of the same result gets a card in their own language and numbers.
    const turkish = (
      await answers.ask(source, 'revenue by region last month', { ...context, language: 'tr' })
    ).responses[0]!.card!;
    expect(turkish).not.toBe(first);
    expect(turkish.title).not.toBe(first.title);
    expect(turkish.table).toEqual(first.table);
    // Tomorrow "last month" may be another range: a new parse, a new query, a new card.
    now = new Date('2026-12-01T12:00:00Z');
    const december = (await answers.ask(source, 'revenue by region last month', context)).responses[0]!.card!;
    expect(december).not.toBe(first);
    expect(december.period).toMatchObject({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('keeps no parse or card when the cache is off: every ask builds its own', async () => {
    const answers = new AnswerService({
      llm: null,
      log,
      clock: () => new Date(`${END}T12:00:00Z`),
      cache: { entries: 0 },
    });
    const a = (await answers.ask(source, 'orders by channel last month', context)).responses[0]!.card!;
    const b = (await answers.ask(source, 'orders by channel last month', context)).responses[0]!.card!;
    expect(b).not.toBe(a);
    expect(b).toEqual(a);
  });

  it("says why a question has no card in the card's language: a source's refusal and a timeout", async () => {
    const answers = service();
    const execute = vi.spyOn(connector, 'execute');
    execute.mockRejectedValueOnce(new ConnectorError('timeout', 'statement timeout'));
    const en = await answers.ask(source, 'revenue by region this year', context);
    expect(en.responses[0]?.text).toBe(
      'The question “Revenue by Region, this year” took too long to answer. Try a shorter date range or fewer breakdowns.',
    );
    expect(en.semantic).toBeNull();
    execute.mockRejectedValueOnce(new ConnectorError('timeout', 'statement timeout'));
    const tr = await answers.ask(source, 'bu yıl bölgelere göre gelir', context);
    expect(tr.responses[0]?.text).toMatch(
      /^“.+” sorusunun yanıtı çok uzun sürdü\. Daha kısa bir tarih aralığı/,
    );
    expect(tr.responses[0]?.text).not.toMatch(/Revenue|Region/);
    execute.mockRejectedValueOnce(new ConnectorError('refused', 'Field <x> is incompatible.'));
    const refused = await answers.ask(source, 'revenue by channel this year', { ...context, language: 'tr' });
    expect(refused.responses[0]?.text).toMatch(
      /^Veri kaynağı “.+” sorusunu bu haliyle yanıtlayamıyor: Field &lt;x&gt; is incompatible\. Başka ölçüler/,
    );
    execute.mockRestore();
  });

  it('keeps results within the byte budget: the least recent go first, whatever their number', async () => {
    // 112 KiB for results and cards: fewer than eight small answers (each over 14 KiB with its card).
    const answers = new AnswerService({
      llm: null,
      log,
      clock: () => new Date(`${END}T12:00:00Z`),
      cache: { entries: 200, bytes: 128 * 1024 },
    });
    const phrases = ['revenue', 'orders'].flatMap((m) =>
      ['region', 'channel', 'segment', 'country'].map((d) => `${m} by ${d} last month`),
    );
    const execute = vi.spyOn(connector, 'execute');
    for (const phrase of phrases) await answers.ask(source, phrase, context);
    expect(execute).toHaveBeenCalledTimes(8);
    // The latest is still kept; the first was pushed out by the bytes of the others.
    await answers.ask(source, phrases[7]!, context);
    expect(execute).toHaveBeenCalledTimes(8);
    const again = await answers.ask(source, phrases[0]!, context);
    expect(execute).toHaveBeenCalledTimes(9);
    expect(again.responses[0]?.card?.table.length).toBeGreaterThan(0);
    execute.mockRestore();
  });

  it('never keeps a result larger than the whole budget, and still answers it', async () => {
    const answers = new AnswerService({
      llm: null,
      log,
      clock: () => new Date(`${END}T12:00:00Z`),
      cache: { entries: 200, bytes: 128 * 1024 },
    });
    const execute = vi.spyOn(connector, 'execute');
    // 365 rows: its card alone is over the budget.
    const first = await answers.ask(source, 'revenue by day in 2025', context);
    const second = await answers.ask(source, 'revenue by day in 2025', context);
    expect(execute).toHaveBeenCalledTimes(2);
    expect(first.responses[0]?.card?.table).toHaveLength(365);
    expect(second.responses[0]?.card?.table).toEqual(first.responses[0]?.card?.table);
    // A small one beside it is kept as before.
    await answers.ask(source, 'revenue by region last month', context);
    await answers.ask(source, 'revenue by region last month', context);
    expect(execute).toHaveBeenCalledTimes(3);
    execute.mockRestore();
  });

  it('keeps parsed phrases within their share of the budget', async () => {
    const ask = (answers: AnswerService) => answers.ask(source, 'orders by region last month', context);
    // A remembered parse hands back the same (frozen) query object.
    const roomy = service();
    expect((await ask(roomy)).semantic).toBe((await ask(roomy)).semantic);
    // 4 KiB leaves 512 bytes for parsed phrases: less than one.
    const tight = new AnswerService({
      llm: null,
      log,
      clock: () => new Date(`${END}T12:00:00Z`),
      cache: { bytes: 4 * 1024 },
    });
    const [a, b] = [(await ask(tight)).semantic, (await ask(tight)).semantic];
    expect(a).not.toBe(b);
    expect(a).toEqual(b);
  });
});
