import type { TCard } from '@parley/contract';

/** A card as the engine builds it, with markup in a data value, for the rendering tests. */
export const revenueCard: TCard = {
  title: 'Revenue by Region',
  text: '<p>Revenue by Region, last month</p>',
  date: '2026-11-20T12:00:00.000Z',
  table: [
    {
      Region: 'EMEA <b>',
      Revenue: 1736936.42,
      Previous_Revenue: 1516283.03,
      Revenue__change: 14.55,
      'Revenue__%': 44.81,
    },
  ],
  columns: [
    { key: 'Region', label: 'Region', kind: 'dimension', format: 'number' },
    { key: 'Revenue', label: 'Revenue', kind: 'measure', format: 'currency' },
    { key: 'Previous_Revenue', label: 'Previous Revenue', kind: 'measure', format: 'currency' },
    { key: 'Revenue__change', label: 'Revenue Change %', kind: 'measure', format: 'percent' },
    { key: 'Revenue__%', label: 'Revenue %', kind: 'measure', format: 'percent' },
  ],
  chart: [],
  insights: [
    'Total Revenue: <b>$1.7M</b>',
    '<b>EMEA &lt;b&gt;</b> has the highest Revenue',
    { context: 'llm', text: 'Watch &amp; learn' },
  ],
};
