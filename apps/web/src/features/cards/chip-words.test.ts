import type { TDateRange } from '@parley/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { rangeWords } from './chip-words';

const t = ((key: string) => key) as unknown as TFunction;

describe('rangeWords', () => {
  it('names a range the contract knows', () => {
    expect(rangeWords({ kind: 'this', unit: 'year' }, t, 'en-US')).toBe('understood.range.this.year');
    expect(rangeWords({ kind: 'year', year: 2025 }, t, 'en-US')).toBe('2025');
  });

  it('gives no words, without throwing, for a range this build does not know (a card stored by another version)', () => {
    const stored = { type: 'this_year' } as unknown as TDateRange;
    expect(rangeWords(stored, t, 'en-US')).toBe('');
  });
});
