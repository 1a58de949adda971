import { describe, expect, it } from 'vitest';
import { cardTextSection } from '../src/card-text';
import { revenueCard as card } from './card.fixture';

describe('cardTextSection', () => {
  it('writes the table tab-separated and the HTML as plain text', () => {
    const lines = cardTextSection(card, {}).split('\n');
    expect(lines).toEqual([
      'Revenue by Region',
      '',
      'Revenue by Region, last month',
      '',
      'Region\tRevenue\tPrevious Revenue\tRevenue Change %\tRevenue %',
      'EMEA <b>\t$1,736,936\t$1,516,283\t+14%\t44.8%',
      '',
      '• Total Revenue: $1.7M',
      '• EMEA <b> has the highest Revenue',
      '• Watch & learn',
    ]);
  });
});
