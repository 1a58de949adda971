import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectCompleteBundles, flatBundle } from '../../i18n/bundle-check';

beforeAll(async () => {
  await i18next.init({ lng: 'en-US', fallbackLng: 'en-US', resources: {} });
  await import('../../../src/features/datasources/i18n');
});

describe('data-source texts', () => {
  const bundle = (lng: string) => flatBundle(lng, 'datasources');

  it('are complete in tr and en-GB, never empty, with the same placeholders', () => {
    expectCompleteBundles('datasources');
  });

  it('carry the spec 2 §8 data-source messages word for word in en-US', () => {
    const us = bundle('en-US');
    expect(us['messages.invalid_config']).toBe('Invalid configuration provided.');
    expect(us['messages.account_selection_failed']).toBe('Account Selection Failed!');
    expect(us['messages.invalid_account']).toBe('Invalid Account!');
  });

  it('count active connections with plurals', () => {
    const t = i18next.getFixedT('en-US', 'datasources');
    expect(t('active_count', { count: 1 })).toBe('1 active connection');
    expect(t('active_count', { count: 3 })).toBe('3 active connections');
  });
});
