import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDbConnector, ensureDemoDataset } from '@parley/connectors';
import type { TSemanticQuery } from '@parley/contract';
import { ZCard } from '@parley/contract';
import { getDemoModel } from '@parley/engine';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AnswerService, type AnswerSource } from './answers.service';

// The same file the connectors' accuracy suites generate (end date, scale and generator version).
const END = '2026-11-20';
const PATH = join(tmpdir(), `parley-test-demo-v1-${END}-0.25.duckdb`);
const log = { warn: () => {}, error: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
const context = { timezone: 'UTC', language: 'en-US' };

describe('AnswerService: drivers and forecast questions', () => {
  let connector: DuckDbConnector;
  let source: AnswerSource;
  let service: AnswerService;
  beforeAll(async () => {
    await ensureDemoDataset({ path: PATH, endDate: END, scale: 0.25 });
    connector = new DuckDbConnector({ type: 'DUCKDB', path: PATH });
    source = { id: 'demo', account: null, connector, model: getDemoModel(), immutable: true };
    service = new AnswerService({ llm: null, log, clock: () => new Date(`${END}T12:00:00Z`) });
  }, 120_000);
  afterAll(async () => {
    await connector?.close();
  });

  it('answers a drivers query through run(): one query per split plus the total, cached the second time', async () => {
    const query: TSemanticQuery = {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      compare: 'previous_period',
      filters: [],
      analysis: { kind: 'drivers' },
    };
    const execute = vi.spyOn(connector, 'execute');
    const result = await service.answerQuery(source, query, 'why did revenue change last month', context);
    const card = result.responses[0].card!;
    expect(ZCard.parse(card)).toBeTruthy();
    expect(result.semantic).toEqual(query);
    expect(card.columns.map((c) => c.key)).toContain('Revenue__contribution');
    expect(card.text).toMatch(/^<p>Revenue (rose|fell) by/);
    const calls = execute.mock.calls.length;
    expect(calls).toBeGreaterThan(2);
    await service.answerQuery(source, query, 'why did revenue change last month', context);
    expect(execute.mock.calls.length).toBe(calls);
    execute.mockRestore();
  });

  it('answers a forecast query, and refuses too short a history with a text', async () => {
    const forecast = (n: number): TSemanticQuery => ({
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', grain: 'month', range: { kind: 'last', unit: 'month', n } },
      filters: [],
      analysis: { kind: 'forecast', horizon: 3 },
    });
    const ok = await service.answerQuery(source, forecast(24), 'orders next 3 months', context);
    const card = ok.responses[0].card!;
    expect(card.table.filter((r) => r.Forecast_Orders !== null).map((r) => r.Month)).toEqual([
      '2026-12-01',
      '2027-01-01',
      '2027-02-01',
    ]);
    expect(card.text).toContain('Holt-Winters additive, season 12, fitted on 24 months');
    const short = await service.answerQuery(source, forecast(5), 'orders next 3 months', context);
    expect(short.responses[0].card).toBeUndefined();
    expect(short.responses[0].text).toContain('too little history');
    expect(short.semantic).toBeNull();
  });

  it('writes the card in Turkish for a Turkish question or a Turkish user, in English otherwise', async () => {
    const ask = (phrase: string, language: string) =>
      service.ask(source, phrase, { timezone: 'UTC', language, previous: null });
    const turkish = (await ask('gecen ay bolgelere gore gelir', 'en-US')).responses[0].card!;
    expect(turkish.title).toBe('Bölge bazında Gelir, geçen ay');
    expect(turkish.columns.map((c) => [c.key, c.label])).toEqual([
      ['Region', 'Bölge'],
      ['Revenue', 'Gelir'],
      ['Revenue__%', 'Toplam Gelir içindeki pay %'],
    ]);
    // Numbers and dates in the tr locale: "%45,2", "1–31 Eki 2026".
    expect(turkish.text).toMatch(/toplam Gelir içindeki payı <b>%\d+(,\d)?<\/b>/);
    expect(turkish.text).toContain('1–31 Eki 2026');
    const trUser = (await ask('revenue by region last month', 'tr')).responses[0].card!;
    expect(trUser.title).toBe(turkish.title);
    expect(trUser.table).toEqual(turkish.table);
    const english = (await ask('revenue by region last month', 'en-GB')).responses[0].card!;
    expect(english.title).toBe('Revenue by Region, last month');
    expect(english.text).toContain('31 Oct 2026');
    const why = (await ask('neden geçen ay gelir düştü', 'en-US')).responses[0].card!;
    expect(why.title).toBe('Gelir neden değişti: geçen ay ile önceki dönem');
  });

  it('keeps the plain path: no analysis, an ordinary card', async () => {
    const result = await service.answerQuery(
      source,
      {
        measures: ['revenue'],
        dimensions: ['region'],
        timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
        filters: [],
      },
      'revenue by region last month',
      context,
    );
    expect(result.responses[0].card?.columns.map((c) => c.key)).toEqual(['Region', 'Revenue', 'Revenue__%']);
  });
});
