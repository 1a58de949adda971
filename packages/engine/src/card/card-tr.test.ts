/**
 * Turkish cards: a Turkish question or a `tr` user gets its title, column labels, text
 * and insights in Turkish, numbers and dates in the tr locale; row keys stay the model's labels.
 */
import type { TDateRange, TSemanticQuery } from '@parley/contract';
import { ZCard } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { compileQuery } from '../compiler/compile';
import { addUnits } from '../dates/date-range';
import { buildDriversCard, planDrivers } from '../kinds/drivers/drivers';
import { buildForecastAnswer, planForecast } from '../kinds/forecast/forecast';
import {
  describeComparisonTr,
  describeQueryTr,
  describeRangeTr,
  describeTitleTr,
  turkishName,
} from '../languages/tr/describe';
import { getDemoModel } from '../model/demo-model';
import { parseQuestion } from '../parser/parse';
import { buildCard } from './build-card';
import { cardLanguage, cardLocale } from './words';

const model = getDemoModel();
const options = { dialect: 'duckdb' as const, today: '2026-11-20', weekStart: 'monday' as const };
const lastMonth = { field: 'order_date', range: { kind: 'last' as const, unit: 'month' as const, n: 1 } };
const plainSpaces = (s: string) => s.replace(/[\u2009\u202f\u00a0]/g, ' ');

function card(query: TSemanticQuery, rows: Record<string, unknown>[]) {
  return buildCard({
    query,
    model,
    compiled: compileQuery(query, model, options),
    rows,
    readAt: '2026-11-20T10:00:00.000Z',
    language: 'tr',
    locale: 'tr',
    today: '2026-11-20',
  });
}

describe('the card language', () => {
  it('is Turkish for a Turkish question, with or without Turkish letters, and for a tr user', () => {
    expect(cardLanguage('geçen ay ülkelere göre gelir', 'en-US')).toBe('tr');
    expect(cardLanguage('gecen ay ulkelere gore gelir', 'en-US')).toBe('tr');
    expect(cardLanguage("Almanya'da bu yıl sipariş", 'en-GB')).toBe('tr');
    expect(cardLanguage('revenue by country last month', 'tr')).toBe('tr');
    expect(cardLanguage('revenue by country last month', 'en-GB')).toBe('en');
    expect(cardLocale('tr', 'en-US')).toBe('tr');
    expect(cardLocale('en', 'en-GB')).toBe('en-GB');
    expect(cardLocale('en', 'tr')).toBe('en-US');
  });
});

describe('a Turkish card', () => {
  const byRegion = card(
    {
      measures: ['revenue'],
      dimensions: ['region'],
      timeDimension: lastMonth,
      compare: 'previous_period',
      filters: [],
    },
    [
      { Region: 'EMEA', Revenue: 150000, Previous_Revenue: 100000 },
      { Region: 'APAC', Revenue: 50000, Previous_Revenue: 60000 },
      { Region: 'Americas', Revenue: 200500, Previous_Revenue: 250000 },
    ],
  );

  it('has a Turkish title and column labels, English row keys', () => {
    expect(ZCard.parse(byRegion)).toBeTruthy();
    expect(byRegion.title).toBe('Bölge bazında Gelir, geçen ay ile önceki ay');
    expect(byRegion.columns.map((c) => c.label)).toEqual([
      'Bölge',
      'Gelir',
      'Önceki Gelir',
      'Gelir Değişim %',
      'Toplam Gelir içindeki pay %',
    ]);
    expect(byRegion.columns.map((c) => c.key)).toEqual([
      'Region',
      'Revenue',
      'Previous_Revenue',
      'Revenue__change',
      'Revenue__%',
    ]);
    expect(byRegion.table[0]).toMatchObject({ Region: 'EMEA', Revenue: 150000, Revenue__change: 50 });
    expect(byRegion.period?.label).toBe('geçen ay');
  });

  it('answers in Turkish with numbers and dates in the tr locale', () => {
    expect(byRegion.text).toBe(
      '<p>En yüksek Gelir: <b>Americas</b>, <b>$200,5\u00a0B</b> (geçen ay), toplam Gelir içindeki payı <b>%50,1</b>, önceki aya göre <b>%19</b> düşüş.</p>' +
        '<p>Anlaşılan: Bölge bazında Gelir, geçen ay · 1–31 Eki 2026 · karşılaştırma: önceki ay (1–30 Eyl 2026).</p>',
    );
  });

  it('computes its insights in Turkish', () => {
    expect(byRegion.insights).toEqual([
      'Toplam Gelir: <b>$400,5\u00a0B</b> (önceki aya göre −%2; önceki değer $410\u00a0B).',
      'En yüksek Gelir: <b>Americas</b>, <b>$200,5\u00a0B</b> (toplam Gelir içindeki payı %50,1).',
      'En düşük: <b>APAC</b>, <b>$50\u00a0B</b> (toplam Gelir içindeki payı %12,5).',
      'En büyük artış: <b>EMEA</b>, +%50 (+$50\u00a0B).',
      'En büyük düşüş: <b>Americas</b>, −%19 (−$49,5\u00a0B).',
    ]);
  });

  it('writes a time series: the latest bucket so far, the trend, the peak', () => {
    const c = card(
      {
        measures: ['orders'],
        dimensions: [],
        timeDimension: { field: 'order_date', grain: 'month', range: { kind: 'this', unit: 'year' } },
        filters: [],
      },
      Array.from({ length: 11 }, (_, i) => ({
        Month: `2026-${String(i + 1).padStart(2, '0')}-01`,
        Orders: 1000 + i * 50,
      })),
    );
    expect(c.title).toBe('Aylık Sipariş, bu yıl');
    expect(c.columns.map((x) => x.label)).toEqual(['Ay', 'Sipariş']);
    expect(c.text).toContain(
      '<b>Kas 2026</b> (şu ana kadar) döneminde Sipariş: <b>1.500</b>, Oca 2026 ile karşılaştırıldığında <b>%50</b> artış; toplam <b>13,8\u00a0B</b> (bu yıl).',
    );
    expect(c.insights).toContain('Sipariş <b>yükseliş</b> eğiliminde: ay başına yaklaşık +50 (+%4).');
    expect(c.insights).toContain(
      'Zirve: <b>Kas 2026</b>, <b>1.500</b>; en düşük: <b>Oca 2026</b>, <b>1.000</b>.',
    );
  });

  it('writes one number against last year, a filter and a ranking title', () => {
    const c = card(
      {
        measures: ['revenue'],
        dimensions: [],
        timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'month' } },
        compare: 'previous_year',
        filters: [{ field: 'country', op: 'in', values: ['Germany'] }],
      },
      [{ Revenue: 12345.6, Previous_Revenue: 10000 }],
    );
    expect(c.title).toBe('Gelir, bu ay (Germany) ile geçen yılın aynı dönemi');
    expect(c.text).toContain(
      'Gelir: <b>$12,3\u00a0B</b> (bu ay), geçen yılın aynı dönemine göre <b>%23</b> artış (<b>$10.000</b>).',
    );
    expect(c.insights).toEqual(['Gelir <b>$10.000</b> → <b>$12,3\u00a0B</b>: <b>+%23</b> artış.']);
    const top = card(
      {
        measures: ['revenue'],
        dimensions: ['country'],
        timeDimension: { field: 'order_date', range: { kind: 'year', year: 2025 } },
        order: { field: 'revenue', dir: 'desc' },
        limit: 5,
        filters: [],
      },
      [
        { Country: 'Germany', Revenue: 5 },
        { Country: 'France', Revenue: 3 },
      ],
    );
    expect(top.title).toBe('Gelir bazında ilk 5 Ülke, 2025');
  });

  it('names the total a top 5’s shares are of: the whole, or only these 5 rows', () => {
    const top5: TSemanticQuery = {
      measures: ['revenue'],
      dimensions: ['country'],
      timeDimension: { field: 'order_date', range: { kind: 'year', year: 2025 } },
      order: { field: 'revenue', dir: 'desc' },
      limit: 5,
      filters: [],
    };
    const rows = ['Germany', 'France', 'Spain', 'Italy', 'Poland'].map((Country, i) => ({
      Country,
      Revenue: 50 - i * 10,
    }));
    // A SQL source reads the whole total (1000) beside the rows: shares of it.
    const whole = card(
      top5,
      rows.map((r) => ({ ...r, Revenue__whole: 1000 })),
    );
    expect(whole.columns.find((c) => c.key === 'Revenue__%')?.label).toBe('Toplam Gelir içindeki pay %');
    expect(whole.table[0]['Revenue__%']).toBe(5);
    expect(plainSpaces(whole.insights.slice(0, 2).join(' '))).toBe(
      'Bu 5 satırda toplam Gelir: <b>$150</b>. Bu 5 satır, toplam Gelir (<b>$1.000</b>) içinde <b>%15</b> pay alıyor.',
    );
    expect(whole.text).toContain('toplam Gelir içindeki payı <b>%5</b>');
    // A source that returned only the five: their shares, said to be of these 5.
    const shown = card(top5, rows);
    expect(shown.columns.find((c) => c.key === 'Revenue__%')?.label).toBe(
      'Bu 5 satırdaki toplam Gelir içindeki pay %',
    );
    expect(shown.text).toContain('bu 5 satırdaki toplam Gelir içindeki payı <b>%33,3</b>');
    expect(shown.insights).toContain('İlk 3, bu 5 satırdaki toplam Gelir içinde <b>%80</b> pay alıyor.');
  });

  it('says there is no data in Turkish', () => {
    const c = card({ measures: ['revenue'], dimensions: [], timeDimension: lastMonth, filters: [] }, []);
    expect(c.text).toContain('Bu soruya uyan veri bulunamadı.');
    expect(c.insights).toEqual(['Bu soruya uyan veri bulunamadı.']);
  });
});

describe('Turkish drivers and forecast cards', () => {
  it('explains a change in Turkish', () => {
    const query: TSemanticQuery = {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: lastMonth,
      compare: 'previous_period',
      filters: [],
      analysis: { kind: 'drivers' },
    };
    const plan = planDrivers(query, model, options);
    const c = buildDriversCard({
      query,
      model,
      plan,
      totalRows: [{ Revenue: 240, Previous_Revenue: 300 }],
      splitRows: plan.splits.map((s) =>
        s.dimension === 'region'
          ? [
              { Region: 'EMEA', Revenue: 100, Previous_Revenue: 180 },
              { Region: 'APAC', Revenue: 80, Previous_Revenue: 50 },
              { Region: 'Americas', Revenue: 60, Previous_Revenue: 70 },
            ]
          : [],
      ),
      readAt: '2026-11-20T10:00:00.000Z',
      locale: 'tr',
      language: 'tr',
    });
    expect(c.title).toBe('Gelir neden değişti: geçen ay ile önceki dönem');
    expect(c.columns.map((x) => x.label)).toEqual([
      'Boyut',
      'Değer',
      'Gelir',
      'Önceki Gelir',
      'Gelir Değişim %',
      'Gelir Katkı %',
    ]);
    expect(c.table[0]).toMatchObject({ Dimension: 'Bölge', Value: 'EMEA', Revenue__contribution: 133.33 });
    expect(c.text).toContain(
      'Gelir geçen ay önceki döneme göre <b>$60</b> (<b>%20</b>) azaldı: <b>$300</b> → <b>$240</b>. Bölge bazında değişimin <b>%150</b> kadarını <b>EMEA</b> (−$80) ve <b>Americas</b> (−$10) açıklıyor; <b>APAC</b> (+$30) ters yönde etkiledi.',
    );
    expect(c.insights).toEqual(['Bölge bazında: <b>EMEA</b> −$80, değişimin <b>%133,3</b> kadarı.']);
  });

  it('says in Turkish why a change cannot be explained', () => {
    const noPeriod: TSemanticQuery = {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'all' } },
      filters: [],
      analysis: { kind: 'drivers' },
    };
    expect(() => planDrivers(noPeriod, model, { ...options, language: 'tr' })).toThrow(
      'Gelir değişimini açıklamak için bir dönem belirtin, örneğin “geçen ay gelir neden düştü”.',
    );
    expect(() => planDrivers(noPeriod, model, options)).toThrow('To explain a change in Revenue');
  });

  const forecastQuery: TSemanticQuery = {
    measures: ['revenue'],
    dimensions: [],
    timeDimension: { field: 'order_date', grain: 'month', range: { kind: 'last', unit: 'month', n: 24 } },
    filters: [],
    analysis: { kind: 'forecast', horizon: 3 },
  };
  const season = [5, -3, 2, 8, -6, 0, 4, -2, -7, 3, 1, -5];
  const history = Array.from({ length: 24 }, (_, i) => ({
    Month: addUnits('2024-11-01', 'month', i),
    Revenue: 100000 + 2000 * i + season[i % 12] * 1000,
  }));
  const forecast = (rows: Record<string, unknown>[]) =>
    buildForecastAnswer({
      query: forecastQuery,
      model,
      compiled: planForecast(forecastQuery, model, options),
      rows,
      readAt: '2026-11-20T10:00:00.000Z',
      today: '2026-11-20',
      weekStart: 'monday',
      locale: 'tr',
      language: 'tr',
    });

  it('forecasts in Turkish, naming the method', () => {
    const answer = forecast(history);
    if (answer.kind !== 'card') throw new Error('expected a card');
    const c = answer.card;
    expect(c.title).toBe('Gelir tahmini, önümüzdeki 3 ay');
    expect(c.columns.map((x) => x.label)).toEqual([
      'Ay',
      'Gelir',
      'Gelir Tahmini',
      'Gelir Tahmini (alt)',
      'Gelir Tahmini (üst)',
    ]);
    expect(c.columns.map((x) => x.key)).toEqual([
      'Month',
      'Revenue',
      'Forecast_Revenue',
      'Forecast_Revenue__low',
      'Forecast_Revenue__high',
    ]);
    expect(c.text).toContain('<b>Ara 2026</b> için Gelir tahmini <b>');
    expect(c.text).toContain('Yöntem: Holt-Winters toplamsal, mevsim uzunluğu 12; 24 ay üzerinde kuruldu');
    expect(c.text).toContain('Anlaşılan: Aylık Gelir, son 24 ay tahmini, önümüzdeki 3 ay.');
    expect(c.insights[0]).toMatch(/^Gelir yükseliş eğiliminde: ay başına yaklaşık \$2\.000/);
    expect(c.period?.label).toBe('önümüzdeki 3 ay');
  });

  it('refuses a too-short history in Turkish', () => {
    expect(forecast(history.slice(0, 5))).toEqual({
      kind: 'refuse',
      text:
        'Gelir tahmini için geçmiş veri çok az: 5 tam ay var; tahmin için en az 8 (mevsimsel model için 24) gerekir. ' +
        'Daha uzun bir geçmişle sorun, örneğin “son 24 aya göre önümüzdeki 3 ay gelir tahmini”.',
    });
  });
});

describe('Turkish understanding and questions back', () => {
  const parse = (phrase: string) =>
    parseQuestion(phrase, { model, ...options, kinds: { drivers: true, forecast: true } });

  it.each([
    ['geçen ay ülkelere göre gelir', 'Ülke bazında Gelir, geçen ay'],
    ['bu yil aylik siparis', 'Aylık Sipariş, bu yıl'],
    ['son 30 gün kanala göre gelir ve sipariş', 'Kanal bazında Gelir ve Sipariş, son 30 gün'],
  ])('%s → %s', (phrase, understood) => {
    const result = parse(phrase);
    expect(result.kind).toBe('query');
    if (result.kind === 'query') expect(result.understood).toBe(understood);
  });

  it('asks back in Turkish, naming what it understood in Turkish', () => {
    const result = parse('geçen ay kampanya bazında gelir');
    expect(result.kind).toBe('clarify');
    if (result.kind === 'clarify') {
      expect(result.text).toBe(
        'Gelir anladım, ancak “kampanya” ne demek bilmiyorum. Bunlardan birini mi demek istediniz?',
      );
      expect(result.prompt.items[0]).toBe('geçen ay gelir');
    }
  });
});

describe('Turkish periods, comparisons and titles', () => {
  const q = (extra: Partial<TSemanticQuery>): TSemanticQuery => ({
    measures: ['revenue'],
    dimensions: [],
    filters: [],
    ...extra,
  });
  const at = (range: TDateRange) => describeRangeTr(range);

  it('names every kind of period', () => {
    expect(at({ kind: 'this', unit: 'day' })).toBe('bugün');
    expect(at({ kind: 'this', unit: 'quarter' })).toBe('bu çeyrek');
    expect(at({ kind: 'to_date', unit: 'year' })).toBe('yılbaşından bu yana');
    expect(at({ kind: 'to_date', unit: 'month' })).toBe('ay başından bu yana');
    expect(at({ kind: 'last', unit: 'day', n: 1 })).toBe('dün');
    expect(at({ kind: 'last', unit: 'day', n: 30 })).toBe('son 30 gün');
    expect(at({ kind: 'last', unit: 'week', n: 1 })).toBe('geçen hafta');
    expect(at({ kind: 'half', half: 1, year: 2025 })).toBe('2025 yılının ilk yarısı');
    expect(at({ kind: 'half', half: 2 })).toBe('bu yılın ikinci yarısı');
    expect(at({ kind: 'quarter', year: 2025, quarter: 1 })).toBe('2025 1. çeyrek');
    expect(at({ kind: 'month', year: 2025, month: 3 })).toBe('Mart 2025');
    expect(at({ kind: 'day', date: '2025-03-05' })).toBe('5 Mar 2025');
    expect(plainSpaces(at({ kind: 'between', from: '2025-03-01', to: '2025-04-15' }))).toBe(
      '1 Mar – 15 Nis 2025',
    );
  });

  it('names the comparison period, and what a change is against', () => {
    expect(describeComparisonTr('previous_period', { kind: 'this', unit: 'month' })).toEqual({
      name: 'geçen ay',
      against: 'geçen aya göre',
    });
    expect(describeComparisonTr('previous_period', { kind: 'last', unit: 'day', n: 7 })).toEqual({
      name: 'önceki 7 gün',
      against: 'önceki 7 güne göre',
    });
    expect(describeComparisonTr('previous_period', { kind: 'quarter', year: 2026, quarter: 1 })).toEqual({
      name: '2025 4. çeyrek',
      against: '2025 4. çeyreğe göre',
    });
    expect(describeComparisonTr('previous_period', { kind: 'month', year: 2026, month: 1 }).name).toBe(
      'Aralık 2025',
    );
    expect(describeComparisonTr('previous_year').against).toBe('geçen yılın aynı dönemine göre');
    expect(describeComparisonTr('previous_week').name).toBe('önceki hafta');
  });

  it('titles and describes queries the Turkish way', () => {
    expect(describeTitleTr(q({ dimensions: ['country', 'channel'], timeDimension: lastMonth }), model)).toBe(
      'Ülke ve Kanal bazında Gelir, geçen ay',
    );
    expect(
      describeTitleTr(
        q({
          dimensions: ['country'],
          timeDimension: { field: 'order_date', grain: 'month', range: { kind: 'this', unit: 'year' } },
        }),
        model,
      ),
    ).toBe('Ülke bazında aylık Gelir, bu yıl');
    expect(
      describeTitleTr(
        q({ dimensions: ['product'], order: { field: 'revenue', dir: 'asc' }, limit: 3 }),
        model,
      ),
    ).toBe('Gelir bazında en düşük 3 Ürün');
    expect(
      describeQueryTr(
        q({
          dimensions: ['country'],
          filters: [
            { field: 'region', op: 'not_in', values: ['EMEA'] },
            { field: 'revenue', op: 'gt', values: [1000] },
          ],
          order: { field: 'revenue', dir: 'desc' },
          chart: 'pie',
        }),
        model,
      ),
    ).toBe(
      'Ülke bazında Gelir, Bölge: EMEA hariç ve Gelir 1000 üzerinde, Gelir bazında büyükten küçüğe sıralı, pasta grafiği olarak',
    );
  });

  it('uses the pack’s Turkish word for a field of an introspected model, else its own name', () => {
    expect(turkishName('Invoices')).toBe('Fatura');
    expect(turkishName('Tickets')).toBe('Talep');
    expect(turkishName('Region')).toBe('Bölge');
    expect(turkishName('Plan Tier')).toBe('Plan Tier');
  });
});
