import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectCompleteBundles, flatBundle } from '../../../test/i18n/bundle-check';

beforeAll(async () => {
  await i18next.init({ lng: 'en-US', fallbackLng: 'en-US', resources: {} });
  await import('./i18n');
});

describe('model editor texts', () => {
  it('are complete in tr and en-GB, never empty, with the same placeholders', () => {
    expectCompleteBundles('models');
  });

  it('are really Turkish in tr, not copies of the English', () => {
    const us = flatBundle('en-US', 'models');
    const tr = flatBundle('tr', 'models');
    const same = Object.keys(us).filter((k) => us[k] === tr[k] && !/^[^a-zA-Z]*$/.test(us[k] ?? ''));
    // Only texts that are symbols or the same word in both languages may stay as they are.
    expect(same.length).toBeLessThan(8);
    expect(tr['save.label']).toBe('Kaydet');
  });

  it('count with plurals', () => {
    const t = i18next.getFixedT('en-US', 'models');
    expect(t('tables.field_count', { count: 1 })).toBe('1 field');
    expect(t('values.open', { count: 3 })).toBe('3 values');
    expect(t('period.last', { count: 3, unit: 'month' })).toBe('last 3 months');
  });
});
