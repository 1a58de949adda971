import { describe, expect, it } from 'vitest';
import { plural } from '../languages/en/describe';
import { getDemoModel } from '../model/demo-model';
import { describeTitle } from './describe';
import { parseQuestion } from './parse';

describe('titles', () => {
  it('pluralises the ranked dimension', () => {
    expect(plural('Country')).toBe('Countries');
    expect(plural('Channel')).toBe('Channels');
    expect(plural('Status')).toBe('Statuses');
    expect(plural('Day')).toBe('Days');
  });

  it('reads like English for a top N question', () => {
    const model = getDemoModel();
    const parsed = parseQuestion('top 5 countries by revenue', {
      model,
      today: '2026-11-20',
      weekStart: 'monday',
    });
    expect(parsed.kind).toBe('query');
    if (parsed.kind === 'query')
      expect(describeTitle(parsed.query, model)).toBe('Top 5 Countries by Revenue');
  });
});
